// Placeholder: the real screen replaces this file.
export function SystemStatusPage() {
  return <div data-testid="SystemStatusPage">SystemStatusPage</div>;
}
