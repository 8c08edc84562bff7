import { DASHBOARD_SCROLL_DELAY_MS } from '@t0/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * On arrival: with ?scrollTo=blog scroll to the blog section, otherwise to the terminal after 500 ms;
 * the parameter is then removed from the address.
 */
export function useDashboardScroll(ids: { blog: string; terminal: string }) {
  const [params, setParams] = useSearchParams();
  const target = params.get('scrollTo');
  useEffect(() => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const scrollTo = (id: string) => document.getElementById(id)?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    const timers: number[] = [];
    if (target === 'blog') {
      // After the first paint; once more when the sections above have loaded and pushed it down.
      timers.push(window.setTimeout(() => scrollTo(ids.blog), 0));
      timers.push(
        window.setTimeout(() => {
          const top = document.getElementById(ids.blog)?.getBoundingClientRect().top ?? 0;
          if (Math.abs(top) > 40) scrollTo(ids.blog);
        }, DASHBOARD_SCROLL_DELAY_MS * 2),
      );
    } else {
      timers.push(window.setTimeout(() => scrollTo(ids.terminal), DASHBOARD_SCROLL_DELAY_MS));
    }
    if (target !== null) {
      setParams(
        (p) => {
          p.delete('scrollTo');
          return p;
        },
        { replace: true },
      );
    }
    return () => timers.forEach((t) => window.clearTimeout(t));
    // Only on arrival: removing the parameter must not scroll again.
  }, []);
}
