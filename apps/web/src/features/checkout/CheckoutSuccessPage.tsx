export function CheckoutSuccessPage() {
  return <main data-testid="CheckoutSuccessPage">CheckoutSuccessPage</main>;
}
