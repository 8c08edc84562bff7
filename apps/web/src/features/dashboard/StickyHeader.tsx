import { Box } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The terminal's header (ticker and navigation: logo, connection state, bell, profile, logout),
 * kept at the top while the page scrolls. Its height is published as `--t0-header-h`, so sections
 * scrolled into view (the terminal, the blog) stop below it instead of under it.
 */
export function StickyHeader({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--t0-header-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--t0-header-h');
    };
  }, []);
  return (
    <Box ref={ref} pos="sticky" top={0} style={{ zIndex: 150 }} data-testid="terminal-header">
      {children}
    </Box>
  );
}
