import { recordRoundTrip } from './store';

// The EventSource the subscription link opens: the browser's own, which also notes when the stream
// last said anything (pings included) and how long opening it took.

type Activity = () => void;
let onActivity: Activity = () => {};

/** Called on every frame of the stream (the watchdog of LiveStream). */
export function onStreamActivity(fn: Activity) {
  onActivity = fn;
}

const Base: typeof EventSource =
  typeof EventSource === 'undefined' ? (class {} as unknown as typeof EventSource) : EventSource;

export class TrackedEventSource extends Base {
  constructor(url: string | URL, init?: EventSourceInit) {
    super(url, init);
    const opened = performance.now();
    let measured = false;
    // tRPC's first frame (`connected`) is sent once the server has checked the session.
    this.addEventListener('connected', () => {
      if (!measured) recordRoundTrip(performance.now() - opened);
      measured = true;
      onActivity();
    });
    this.addEventListener('ping', () => onActivity());
    this.addEventListener('message', () => onActivity());
  }
}
