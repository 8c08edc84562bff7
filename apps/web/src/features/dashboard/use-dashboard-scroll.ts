import { DASHBOARD_SCROLL_DELAY_MS } from '@t0/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** How many times (every 50 ms) the first scroll looks for its section before scrolling anyway. */
const FIRST_SCROLL_TRIES = 60;

/** After the scroll, the target is put back in place while the sections above it settle. */
const SETTLE_CHECKS_MS = [
  DASHBOARD_SCROLL_DELAY_MS + 900,
  DASHBOARD_SCROLL_DELAY_MS + 2000,
  DASHBOARD_SCROLL_DELAY_MS + 3500,
];

/**
 * On arrival: with ?scrollTo=blog scroll to the blog section, otherwise to the terminal after 500 ms;
 * the parameter is then removed from the address. The section stops below the sticky header
 * (its scroll margin); if the sections above it change height while they load, it is put back
 * in place, until the reader scrolls or types themselves.
 */
export function useDashboardScroll(ids: { blog: string; terminal: string }) {
  const [params, setParams] = useSearchParams();
  const target = params.get('scrollTo');
  useEffect(() => {
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const id = target === 'blog' ? ids.blog : ids.terminal;
    let scrolled = false;
    let readerMoved = false;
    const scrollTo = (behavior: ScrollBehavior) => {
      scrolled = true;
      document.getElementById(id)?.scrollIntoView({ behavior, block: 'start' });
    };
    /** How far the section is from where the scroll put it (below the header, by its scroll margin). */
    const offBy = () => {
      const el = document.getElementById(id);
      if (!el) return 0;
      const margin = Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
      const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
      const off = el.getBoundingClientRect().top - margin;
      // At the end of the page it cannot come any higher.
      return atBottom && off > 0 ? 0 : off;
    };
    const stop = () => {
      readerMoved = true;
    };
    const inputs = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const e of inputs) window.addEventListener(e, stop, { passive: true });

    const timers: number[] = [];
    // The blog is one of the panels drawn once the signals table has painted: the first scroll
    // waits for its section to be there (a few seconds at most).
    const firstScroll = (triesLeft: number) => {
      if (document.getElementById(id) || triesLeft === 0) scrollTo(smooth ? 'smooth' : 'auto');
      else timers.push(window.setTimeout(() => firstScroll(triesLeft - 1), 50));
    };
    timers.push(
      window.setTimeout(() => firstScroll(FIRST_SCROLL_TRIES), target === 'blog' ? 0 : DASHBOARD_SCROLL_DELAY_MS),
    );
    for (const at of SETTLE_CHECKS_MS) {
      timers.push(
        window.setTimeout(() => {
          if (scrolled && !readerMoved && Math.abs(offBy()) > 4) scrollTo('auto');
        }, at),
      );
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
    return () => {
      timers.forEach((t) => window.clearTimeout(t));
      for (const e of inputs) window.removeEventListener(e, stop);
    };
    // Only on arrival: removing the parameter must not scroll again.
  }, []);
}
