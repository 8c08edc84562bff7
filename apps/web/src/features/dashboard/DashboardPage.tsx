// Placeholder: the real screen replaces this file.
export function DashboardPage() {
  return <div data-testid="DashboardPage">DashboardPage</div>;
}
