// Placeholder: the real screen replaces this file.
export function TestSubscriptionPage() {
  return <div data-testid="TestSubscriptionPage">TestSubscriptionPage</div>;
}
