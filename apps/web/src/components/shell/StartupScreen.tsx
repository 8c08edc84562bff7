import { Stack, Text, Title } from '@mantine/core';
import { LOADING_BAR_RESET_MS, LOADING_STEPS, LOADING_TICKERS, MATRIX_SPEEDS_MS, PROGRESS_STEP, PROGRESS_STEP_MS, TYPEWRITER_STEP_MS } from '@t0/contracts';
import type { CSSProperties } from 'react';
import classes from './StartupScreen.module.css';

// The loading screen is animated by CSS alone (issue 25): it is part of the pre-rendered page, so
// it plays from the first paint, before any script has run, and costs the main thread nothing.
// Its timeline is the spec's script (spec 1 §2, §9): progress adds 3 every 30 ms up to 100 and
// resets 1.5 s later; each step's message is typed one character every 25 ms.

/** Milliseconds from the start until progress reaches `percent` (ticks of 3 every 30 ms). */
function msToReach(percent: number) {
  return Math.ceil(percent / PROGRESS_STEP) * PROGRESS_STEP_MS;
}

const FULL_MS = msToReach(100);
/** One cycle of the bar: up to 100, then held until it resets. */
const CYCLE_MS = FULL_MS + LOADING_BAR_RESET_MS;

/** When each message shows (from the start, the first step's; then as progress passes each step) and for how long. */
const MESSAGE_TIMES = LOADING_STEPS.map((s, i) => {
  const start = i === 0 ? 0 : msToReach(s.percent);
  const next = LOADING_STEPS[i + 1];
  return { text: `${s.message}...`, start, end: next ? msToReach(next.percent) : undefined };
});

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

/** The typed message: each step's text typed from its start, shown until the next step's. */
function TypedMessages() {
  return (
    <span className={classes.typed}>
      {MESSAGE_TIMES.map((m) => {
        const typing = `${classes.type} ${m.text.length * TYPEWRITER_STEP_MS}ms steps(${m.text.length}, end) ${m.start}ms both`;
        const shown = m.end === undefined ? `${classes.show} 1ms ${m.start}ms forwards` : `${classes.show} ${m.end - m.start}ms ${m.start}ms`;
        return (
          <span key={m.text} className={classes.step} style={{ width: `${m.text.length}ch`, animation: `${typing}, ${shown}` }}>
            {m.text}
          </span>
        );
      })}
    </span>
  );
}

const FULL_AT = `${((FULL_MS / CYCLE_MS) * 100).toFixed(3)}%`;
/** The progress timeline for the stylesheet: one cycle, the fill (0 to 1, then held), the flip to ONLINE. */
const timeline = {
  '--t0-cycle': `${CYCLE_MS}ms`,
  '--t0-fill': `linear(0, 1 ${FULL_AT}, 1)`,
  '--t0-flip': `linear(0, 0 ${FULL_AT}, 1 ${FULL_AT}, 1)`,
} as CSSProperties;

/**
 * The full-screen loading screen shown for about 1.5 s when the app starts (spec 1 §2, §9): the
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
          <span className="t0-cursor">█</span>
        </Text>
        <div className={classes.bar} role="progressbar" aria-label="Start-up progress" aria-valuemin={0} aria-valuemax={100}>
          <div className={classes.fill} />
        </div>
        <div className={classes.labels}>
          <span className={classes.percent} />
          <span className={classes.link}>
            <span>SECURE LINK</span>
            <span>ONLINE</span>
          </span>
          <span>{LOADING_TICKERS.join(' · ')}</span>
        </div>
        <span className={classes.visuallyHidden}>{LOADING_STEPS[0].message}</span>
      </Stack>
    </div>
  );
}
