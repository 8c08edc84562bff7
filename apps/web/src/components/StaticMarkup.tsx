import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { builtLanguage, useT } from '../lib/i18n/language';
import { blockAdopted, prerenderedBlock } from '../lib/hydration';

export interface StaticMarkupProps {
  /** Names the block in the page (`data-static`), so the browser can find the build's markup of it. */
  name: string;
  children: ReactNode;
  /** Clicks inside the block (its children's own handlers are not attached while it is adopted). */
  onClick?: (event: MouseEvent<HTMLDivElement>) => void;
}

/**
 * A part of a pre-rendered page that never changes once drawn (copy, lists, drawings). Hydrating
 * the page adopts the build's markup of it as it stands: React renders nothing inside, so none of
 * its components, icons or style props cost the phone's main thread. The block is given
 * its own markup as `innerHTML`, so were React ever to draw it afresh (a hydration that fails and
 * starts over) it would draw the same elements. Anywhere else (the app drawing the page itself, the
 * build-time render) the children are drawn as usual.
 *
 * Adopted, the children have no React handlers: in-app links inside go through the router here (a
 * click with no modifier key, on a link of this origin that leaves the page), and `onClick` sees
 * every click, for the block's own buttons (find the button with `event.target`).
 */
export function StaticMarkup({ name, children, onClick }: StaticMarkupProps) {
  const navigate = useNavigate();
  const [built] = useState(() => prerenderedBlock(name));
  // The build drew the block in the page's language: in another one it is drawn again, in that language.
  const { language } = useT();
  const adopted = language === builtLanguage() ? built : null;
  useEffect(() => {
    if (adopted) blockAdopted(name);
  }, [adopted, name]);
  const handleClick = (event: MouseEvent<HTMLDivElement>) => {
    onClick?.(event);
    if (!adopted || event.defaultPrevented) return;
    const link = (event.target as Element).closest('a');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (link.target || link.hasAttribute('download') || link.origin !== window.location.origin) return;
    if (link.pathname === window.location.pathname && link.hash) return; // a section of this page: the browser scrolls
    event.preventDefault();
    void navigate(`${link.pathname}${link.search}${link.hash}`);
  };
  if (adopted) {
    return (
      <div
        key="adopted"
        data-static={name}
        className="t0-contents"
        onClick={handleClick}
        dangerouslySetInnerHTML={adopted}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div key="drawn" data-static={name} className="t0-contents" onClick={handleClick}>
      {children}
    </div>
  );
}
