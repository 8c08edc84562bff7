import { Box, Progress, Stack, Text, Title } from '@mantine/core';
import {
  LOADING_BAR_RESET_MS,
  LOADING_STEPS,
  LOADING_TICKERS,
  MATRIX_SPEEDS_MS,
  PROGRESS_STEP,
  PROGRESS_STEP_MS,
  TYPEWRITER_STEP_MS,
} from '@t0/contracts';
import { useEffect, useMemo, useState } from 'react';
import classes from './StartupScreen.module.css';

/** The step a progress value has reached: 20, 40, 60, 80, 95, 100 percent (spec 1 §2). */
export function stepFor(progress: number) {
  let step: (typeof LOADING_STEPS)[number] = LOADING_STEPS[0];
  for (const s of LOADING_STEPS) if (progress >= s.percent) step = s;
  return step;
}

/** Progress adds 3 every 30 ms up to 100; the bar resets 1.5 s after reaching 100. */
function useScriptedProgress() {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (progress >= 100) {
      const reset = setTimeout(() => setProgress(0), LOADING_BAR_RESET_MS);
      return () => clearTimeout(reset);
    }
    const tick = setTimeout(() => setProgress((p) => Math.min(100, p + PROGRESS_STEP)), PROGRESS_STEP_MS);
    return () => clearTimeout(tick);
  }, [progress]);
  return progress;
}

/** Types a message one character every 25 ms. */
function useTypewriter(message: string) {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    setShown(0);
    const timer = setInterval(() => {
      setShown((n) => {
        if (n >= message.length) clearInterval(timer);
        return Math.min(message.length, n + 1);
      });
    }, TYPEWRITER_STEP_MS);
    return () => clearInterval(timer);
  }, [message]);
  return message.slice(0, shown);
}

const COLUMNS = 14;

function MatrixRain() {
  const columns = useMemo(
    () =>
      Array.from({ length: COLUMNS }, (_, i) => {
        const speed = MATRIX_SPEEDS_MS[i % MATRIX_SPEEDS_MS.length]!;
        const ticker = LOADING_TICKERS[i % LOADING_TICKERS.length]!;
        const digits = Array.from({ length: 8 }, (_, j) => ((i * 7 + j * 3) % 10).toString()).join('');
        return { ticker, digits, duration: `${speed * 40}ms`, delay: `${-((i * 173) % 1600)}ms`, left: `${(i / COLUMNS) * 100 + 1}%`, top: `${(i * 37) % 55}%` };
      }),
    [],
  );
  return (
    <div className={classes.rain} aria-hidden="true">
      {columns.map((c, i) => (
        <span key={i} className={classes.column} style={{ left: c.left, top: c.top, animationDuration: c.duration, animationDelay: c.delay }}>
          {c.ticker}
          {'\n'}
          {c.digits.split('').join('\n')}
        </span>
      ))}
    </div>
  );
}

/** The full-screen loading screen shown for about 1.5 s when the app starts (spec 1 §2, §9). */
export function StartupScreen() {
  const progress = useScriptedProgress();
  const step = stepFor(progress);
  const typed = useTypewriter(`${step.message}...`);
  return (
    <Box className={classes.screen} data-testid="startup-screen">
      <MatrixRain />
      <Stack className={classes.panel} gap="md" role="status" aria-live="polite" aria-label="Loading T0 Terminal">
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }} lts="0.18em" ta="center">
          T0<span className={classes.accent}>_</span>TERMINAL
        </Title>
        <Text className={classes.message} aria-hidden="true">
          {'> '}
          {typed}
          <span className="t0-cursor">█</span>
        </Text>
        <Progress value={progress} size="sm" aria-label="Start-up progress" transitionDuration={30} />
        <div className={classes.labels}>
          <span>{progress}%</span>
          <span>{progress >= 100 ? 'ONLINE' : 'SECURE LINK'}</span>
          <span>{LOADING_TICKERS.join(' · ')}</span>
        </div>
        <span className={classes.visuallyHidden}>{step.message}</span>
      </Stack>
    </Box>
  );
}
