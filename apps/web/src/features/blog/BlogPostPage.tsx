// Placeholder: the real screen replaces this file.
export function BlogPostPage() {
  return <div data-testid="BlogPostPage">BlogPostPage</div>;
}
