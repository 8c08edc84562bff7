// Placeholder: the real screen replaces this file.
export function AdminPage() {
  return <div data-testid="AdminPage">AdminPage</div>;
}
