import Markdown, { defaultUrlTransform } from 'react-markdown';
import classes from './legal.module.css';

/**
 * Markdown as React elements: raw HTML in the text is not rendered (shown as text), and link and
 * image addresses other than http(s), mailto and relative ones are dropped by the default transform.
 * Images are not shown at all: a legal text has no need to load from elsewhere.
 */
export function SafeMarkdown({ markdown }: { markdown: string }) {
  return (
    <div className={`t0-prose ${classes.markdown}`} data-testid="legal-markdown">
      <Markdown
        skipHtml
        disallowedElements={['img']}
        unwrapDisallowed
        urlTransform={defaultUrlTransform}
        components={{
          a: ({ href, children }) => (
            <a href={href} rel="noopener noreferrer nofollow" target={href?.startsWith('/') ? undefined : '_blank'}>
              {children}
            </a>
          ),
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
