export function ResetPasswordPage() {
  return <main data-testid="ResetPasswordPage">ResetPasswordPage</main>;
}
