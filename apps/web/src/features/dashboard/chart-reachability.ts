import { useEffect, useState } from 'react';

// The chart widget is a third-party page. Whether its site can be reached is probed once per page
// load with an image request (the page's content policy allows images from any https site, not
// scripted requests); an iframe cannot tell, because a failed frame still fires "load".

const PROBE_URL = 'https://www.tradingview.com/favicon.ico';
const PROBE_TIMEOUT_MS = 8000;

export type Reachability = 'checking' | 'reachable' | 'unreachable';

let probe: Promise<boolean> | null = null;

function runProbe(): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = window.setTimeout(() => finish(false), PROBE_TIMEOUT_MS);
    function finish(ok: boolean) {
      window.clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
      resolve(ok);
    }
    img.onload = () => finish(true);
    img.onerror = () => finish(false);
    img.referrerPolicy = 'no-referrer';
    img.src = `${PROBE_URL}?t0=${Date.now()}`;
  });
}

/** Whether the chart site answers (probed once per page load, shared by every chart). */
export function useChartReachability(): Reachability {
  const [state, setState] = useState<Reachability>('checking');
  useEffect(() => {
    let alive = true;
    probe ??= runProbe();
    void probe.then((ok) => alive && setState(ok ? 'reachable' : 'unreachable'));
    return () => {
      alive = false;
    };
  }, []);
  return state;
}
