import { List, Stack, Text, Title } from '@mantine/core';

/** How each figure is computed (freqtrade's and Tradervue's definitions, in R). */
export function Formulas() {
  return (
    <Stack gap="xs" data-testid="formulas">
      <Title order={2} size="h4" lts="0.08em">
        HOW THESE FIGURES ARE COMPUTED
      </Title>
      <List size="sm" spacing={6} className="t0-prose">
        <List.Item>
          <b>R</b> is a trade&apos;s result divided by its risk: (exit − fill) in the trade&apos;s direction ÷ |entry −
          stop| as published. Editing the stop later never changes the unit. Moves are counted in each instrument's own
          unit from the instrument catalogue: pips for currency pairs (0.0001, or 0.01 for JPY pairs), points for US30,
          indices and metals.
        </List.Item>
        <List.Item>
          <b>Signals taken</b>: signals that were filled and have ended (closed, or withdrawn after a fill, valued at
          the last price). Limits cancelled or withdrawn before a fill are counted apart; so are signals deleted in
          their first 2 minutes.
        </List.Item>
        <List.Item>
          <b>Win rate</b> = wins ÷ signals taken (a win ends above 0 R, a loss below, a break-even at exactly 0 R).{' '}
          <b>Without break-evens</b> = wins ÷ (wins + losses).
        </List.Item>
        <List.Item>
          <b>Average R</b> = total R ÷ signals taken. <b>Expectancy</b> = win rate × average win − loss rate × average
          loss (freqtrade), in R per signal. <b>Expectancy ratio</b> = (1 + average win ÷ average loss) × win rate − 1.
        </List.Item>
        <List.Item>
          <b>Profit factor</b> = sum of winning R ÷ |sum of losing R| (∞ while nothing has lost).
        </List.Item>
        <List.Item>
          <b>Maximum drawdown</b> = the largest fall of cumulative R from a previous high, the start (0 R) counting as a
          high.
        </List.Item>
        <List.Item>
          <b>Streaks</b>: consecutive wins or losses in closing order; a break-even ends both.
        </List.Item>
        <List.Item>
          <b>MFE / MAE</b>: the best and worst price while filled, in R. The server checks every open signal against the
          feed&apos;s price every few seconds and the high and low of its one-minute candles; a pending order fills at
          the feed&apos;s price (the better one on a gap), targets are recorded at their level, a stop at its level or
          at the feed&apos;s price when the market was already beyond it, and a manual close or withdrawal at the live
          price.
        </List.Item>
        <List.Item>
          <b>Parts</b>: a signal takes a declared share of the position at T0 (50 % unless it says otherwise) and the
          desk may close a share at market; a trade&apos;s R is the weighted R of its parts (50 % at T0, then the rest
          stopped at entry = half of T0&apos;s R).
        </List.Item>
        <List.Item>
          <b>Verification</b>: every event of every signal (published, edited, activated, T0, stop moved, closed,
          cancelled, withdrawn, deleted) is stored append-only with a SHA-256 hash over the previous event&apos;s hash
          and its own content. <code>GET /api/performance/verify</code> recomputes the whole chain; note the head hash
          to check later that nothing was cut from its end.
        </List.Item>
      </List>
      <Text size="xs" c="dimmed">
        Past results do not guarantee future returns. Figures are in R (multiples of the risk of each signal), not in
        money.
      </Text>
    </Stack>
  );
}
