import { Stack, Text, Title } from '@mantine/core';
import { LOADING_STEPS, LOADING_TICKERS, MATRIX_SPEEDS_MS } from '@t0/contracts';
import type { CSSProperties } from 'react';
import { COUNT_EASING, COUNTS, CYCLE_MS, FILL_EASING, FLIP_EASING, MESSAGE_TIMES } from './startup-timeline';
import classes from './StartupScreen.module.css';

// The loading screen is animated by CSS alone: it is part of the pre-rendered page, so
// it plays from the first paint, before any script has run. Every animation moves or fades (transform
// and opacity only), which the compositor plays without the page's main thread: while it plays, the
// main thread is free for the app's start. Its timeline is startup-timeline.ts.

const COLUMNS = 14;

const columns = Array.from({ length: COLUMNS }, (_, i) => {
  const speed = MATRIX_SPEEDS_MS[i % MATRIX_SPEEDS_MS.length]!;
  const ticker = LOADING_TICKERS[i % LOADING_TICKERS.length]!;
  const digits = Array.from({ length: 8 }, (_, j) => ((i * 7 + j * 3) % 10).toString()).join('');
  const style: CSSProperties = {
    left: `${(i / COLUMNS) * 100 + 1}%`,
    top: `${(i * 37) % 55}%`,
    animationDuration: `${speed * 40}ms`,
    animationDelay: `${-((i * 173) % 1600)}ms`,
  };
  return { ticker, digits, style };
});

/** Falling tickers behind the panel: paused until the page is interactive (`html.t0-idle`), none with reduced motion. */
function MatrixRain() {
  return (
    <div className={classes.rain} aria-hidden="true">
      {columns.map((c, i) => (
        <span key={i} className={classes.column} style={c.style}>
          {c.ticker}
          {'\n'}
          {c.digits.split('').join('\n')}
        </span>
      ))}
    </div>
  );
}

/**
 * The typed message: each step's text is shown from its start until the next step's, and typed by
 * a shutter in the panel's colour that steps right a character at a time, the cursor at its edge.
 */
function TypedMessages() {
  return (
    <span className={classes.typed}>
      {MESSAGE_TIMES.map((m) => {
        // The keyframes are named in the stylesheet (so the build inlines them with the screen's rules).
        const shown: CSSProperties =
          m.end === undefined
            ? { animationDuration: '1ms', animationDelay: `${m.start}ms`, animationFillMode: 'forwards' }
            : { animationDuration: `${m.end - m.start}ms`, animationDelay: `${m.start}ms` };
        const typing: CSSProperties = {
          animationDuration: `${m.typingMs}ms`,
          animationTimingFunction: `steps(${m.text.length}, end)`,
          animationDelay: `${m.start}ms`,
        };
        return (
          <span key={m.text} className={classes.step} style={shown}>
            {m.text}
            <span className={classes.shutter} style={typing}>
              <span className="t0-cursor">█</span>
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** The percentage: a strip of every value shown (0, 3 … 99, 100), moved up a line per tick inside a one-line window. */
function Percent() {
  return (
    <span className={classes.percent} aria-hidden="true">
      <span className={classes.counts} style={{ height: `calc(${COUNTS.length - 1} * var(--t0-count-line))` }}>
        {COUNTS.map((c) => (
          <span key={c}>{c}%</span>
        ))}
      </span>
    </span>
  );
}

/** The timeline for the stylesheet: one cycle, the fill (0 to 1, then held), the percentage's ticks, the flip to ONLINE. */
const timeline = {
  '--t0-cycle': `${CYCLE_MS}ms`,
  '--t0-fill': FILL_EASING,
  '--t0-count': COUNT_EASING,
  '--t0-flip': FLIP_EASING,
} as CSSProperties;

/**
 * The full-screen loading screen shown for about 1.5 s when the app starts: the
 * product name, a typed message, a percentage bar and status labels. Shown only when the page's
 * first script decided to play it (`html[data-startup="play"]`, public/first-paint.js).
 */
export function StartupScreen({ leaving = false }: { leaving?: boolean }) {
  return (
    <div className={classes.screen} data-testid="startup-screen" id="t0-startup" data-leaving={leaving || undefined}>
      <MatrixRain />
      <Stack className={classes.panel} gap="md" role="status" aria-label="Loading T0 Terminal" style={timeline}>
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lts="0.18em" ta="center">
          T0<span className={classes.accent}>_</span>TERMINAL
        </Title>
        <Text className={classes.message} aria-hidden="true">
          {'> '}
          <TypedMessages />
        </Text>
        <div
          className={classes.bar}
          role="progressbar"
          aria-label="Start-up progress"
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className={classes.fill} />
        </div>
        <div className={classes.labels}>
          <Percent />
          <span className={classes.link}>
            <span>SECURE LINK</span>
            <span>ONLINE</span>
          </span>
          <span>{LOADING_TICKERS.join(' · ')}</span>
        </div>
        <span className="t0-visually-hidden">{LOADING_STEPS[0].message}</span>
      </Stack>
    </div>
  );
}
