// Placeholder: the real screen replaces this file.
export function BlogListPage() {
  return <div data-testid="BlogListPage">BlogListPage</div>;
}
