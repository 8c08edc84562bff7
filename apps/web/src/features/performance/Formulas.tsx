import { List, Stack, Text, Title } from '@mantine/core';
import { Marked } from './Marked';
import { useRecordT } from './words';

/** The formulas, each a key of the `record` catalogue (its terms marked `<b>`), in the order they are listed. */
const FORMULAS = [
  'record:formulas.r',
  'record:formulas.taken',
  'record:formulas.winRate',
  'record:formulas.average',
  'record:formulas.profitFactor',
  'record:formulas.drawdown',
  'record:formulas.streaks',
  'record:formulas.excursion',
  'record:formulas.parts',
  'record:formulas.verification',
] as const;

/** How each figure is computed (freqtrade's and Tradervue's definitions, in R). */
export function Formulas() {
  const { t } = useRecordT();
  return (
    <Stack gap="xs" data-testid="formulas">
      <Title order={2} size="h4" lts="0.08em">
        {t('record:formulas.title')}
      </Title>
      <List size="sm" spacing={6} className="t0-prose">
        {FORMULAS.map((key) => (
          <List.Item key={key}>
            <Marked text={t(key)} />
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed">
        {t('record:formulas.footer')}
      </Text>
    </Stack>
  );
}
