export function ProfilePage() {
  return <main data-testid="ProfilePage">ProfilePage</main>;
}
