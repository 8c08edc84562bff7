export function AuthPage() {
  return <main data-testid="AuthPage">AuthPage</main>;
}
export function LoginPage() {
  return <main data-testid="LoginPage">LoginPage</main>;
}
