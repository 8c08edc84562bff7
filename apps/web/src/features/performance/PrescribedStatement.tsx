import { Paper, Text } from '@mantine/core';

/**
 * CFTC Rule 4.41(b)(1)'s prescribed statement, verbatim as the server sends it (the site setting
 * `prescribedStatement`): beside the record, the analysts' pages and the leaderboard.
 */
export function PrescribedStatement({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <Paper
      p="sm"
      withBorder
      className="t0-surface"
      data-testid="prescribed-statement"
      role="note"
      aria-label="Required statement on hypothetical performance"
    >
      <Text size="xs" c="dimmed" lts="0.08em" mb={4}>
        CFTC RULE 4.41(b)(1)
      </Text>
      <Text size="sm">{text}</Text>
    </Paper>
  );
}
