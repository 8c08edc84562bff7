import { Paper, Text } from '@mantine/core';
import { useRecordT } from './words';

/**
 * CFTC Rule 4.41(b)(1)'s prescribed statement, verbatim as the server sends it (the site setting
 * `prescribedStatement`): beside the record, the analysts' pages and the leaderboard. It is legal
 * text with no official translation: it stays as written (English) in every language, marked as
 * such (`lang`); only the label around it is translated.
 */
export function PrescribedStatement({ text }: { text: string | null | undefined }) {
  const { t, language } = useRecordT();
  if (!text) return null;
  return (
    <Paper
      p="sm"
      withBorder
      className="t0-surface"
      data-testid="prescribed-statement"
      role="note"
      aria-label={t('record:statement.label')}
    >
      <Text size="xs" c="dimmed" lts="0.08em" mb={4}>
        CFTC RULE 4.41(b)(1)
      </Text>
      {language !== 'en' && (
        <Text size="xs" c="dimmed" mb={4}>
          {t('record:statement.english')}
        </Text>
      )}
      <Text size="sm" lang="en" dir="ltr">
        {text}
      </Text>
    </Paper>
  );
}
