export function LandingPage() {
  return <main data-testid="LandingPage">LandingPage</main>;
}
