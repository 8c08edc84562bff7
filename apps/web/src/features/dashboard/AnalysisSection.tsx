import { Anchor, Box, Group, Image, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { ANALYSIS_INSTRUMENTS } from '@t0/contracts';
import { IconLock } from '@tabler/icons-react';
import { LockedPanel } from '../../components/LockedPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { ANALYSIS_TIMEFRAMES, memoFor, noteFor, readMemo, type AnalysisTimeframe, type MemoView } from './analysis';
import classes from './AnalysisSection.module.css';
import { AnalysisChart } from './AnalysisChart';
import { useChartMemos, useChartNotes } from '../../lib/queries';
import { useTerminalT } from './words';

type RawMemo = Record<string, unknown>;
type Translate = ReturnType<typeof useTerminalT>['t'];

/** Each analysis timeframe's name on screen (MONTHLY, WEEKLY, 4H in English). */
const TIMEFRAME_KEYS: Record<AnalysisTimeframe['key'], string> = {
  monthly: 'terminal:analysis.monthly',
  weekly: 'terminal:analysis.weekly',
  '4h': 'terminal:analysis.fourHours',
};

export interface InstrumentAnalysisProps {
  /** Signed in (memos and notes are fetched only then). */
  signedIn: boolean;
  /** Signed in with an active subscription (or an administrator). */
  subscribed: boolean;
  /** Memos already loaded by the page; fetched here otherwise. */
  memos?: readonly RawMemo[];
}

/** The four instrument sections (GBPJPY, GBPUSD, AUDUSD, US30) behind instrument tabs. */
export function InstrumentAnalysis({ signedIn, subscribed, memos }: InstrumentAnalysisProps) {
  const { t } = useTerminalT();
  return (
    <Paper
      p={{ base: 'sm', sm: 'md' }}
      bg="var(--t0-surface-1)"
      component="section"
      aria-labelledby="analysis-title"
      id="analysis"
    >
      <Title order={2} id="analysis-title" size="h4" lts="0.08em" mb="sm">
        {t('terminal:analysis.title')}
      </Title>
      <Tabs defaultValue={ANALYSIS_INSTRUMENTS[0]} keepMounted={false} variant="outline">
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {ANALYSIS_INSTRUMENTS.map((i) => (
            <Tabs.Tab key={i} value={i} fw={700} className="t0-num">
              {i}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ANALYSIS_INSTRUMENTS.map((i) => (
          <Tabs.Panel key={i} value={i} pt="md">
            <AnalysisSection
              instrument={i}
              signedIn={signedIn}
              subscribed={subscribed}
              memo={memos ? (memos.find((m) => String(m.instrument).toUpperCase() === i) ?? null) : undefined}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

export interface AnalysisSectionProps {
  instrument: string;
  signedIn: boolean;
  subscribed: boolean;
  /** The instrument's memo when the caller has it (null: it has none); fetched otherwise. */
  memo?: RawMemo | null;
}

/** One instrument: MONTHLY / WEEKLY / 4H charts with their notes, then the memo analysis. */
export function AnalysisSection({ instrument, signedIn, subscribed, memo }: AnalysisSectionProps) {
  const { t } = useTerminalT();
  const fetched = useChartMemos(signedIn && memo === undefined);
  const notes = useChartNotes(signedIn);
  const view: MemoView | null =
    memo !== undefined ? readMemo(memo) : memoFor(fetched.data as RawMemo[] | undefined, instrument);
  const loadingMemo = memo === undefined && signedIn && fetched.isLoading;
  // The server withholds analysis from accounts without a subscription (`locked`): it decides.
  const unlocked = signedIn && subscribed && !view?.locked;

  return (
    <Stack gap="md" data-testid={`analysis-${instrument}`} data-locked={!unlocked || undefined}>
      <Tabs
        defaultValue={ANALYSIS_TIMEFRAMES[0].key}
        keepMounted={false}
        variant="pills"
        radius="xs"
        autoContrast={false}
        className={classes.timeframes}
      >
        <Tabs.List aria-label={t('terminal:analysis.timeframes', { instrument })}>
          {ANALYSIS_TIMEFRAMES.map((tf) => (
            <Tabs.Tab key={tf.key} value={tf.key} fw={700}>
              {t(TIMEFRAME_KEYS[tf.key])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ANALYSIS_TIMEFRAMES.map((tf) => {
          const note = noteFor(notes.data, instrument, tf.name);
          const timeframe = t(TIMEFRAME_KEYS[tf.key]);
          return (
            <Tabs.Panel key={tf.key} value={tf.key} pt="sm">
              <Stack gap="sm">
                <AnalysisChart
                  instrument={instrument}
                  timeframe={tf.timeframe}
                  timeframeLabel={timeframe}
                  interval={tf.interval}
                />
                <Box p="sm" bg="var(--t0-surface-2)" style={{ borderRadius: 4 }} data-testid="timeframe-note">
                  <Text className="t0-label" mb={4}>
                    {t('terminal:analysis.notes', { timeframe })}
                  </Text>
                  {!unlocked || note.locked ? (
                    <Group gap={6} c="dimmed" wrap="nowrap">
                      <IconLock size={14} aria-hidden="true" style={{ flexShrink: 0 }} />
                      <Text size="sm">{t('terminal:analysis.notesHidden')}</Text>
                    </Group>
                  ) : notes.isLoading ? (
                    <LoadingSkeleton variant="text" count={2} label={t('terminal:analysis.loadingNotes')} />
                  ) : (
                    <Text
                      size="sm"
                      className="t0-prose"
                      style={{ whiteSpace: 'pre-wrap' }}
                      c={note.text ? undefined : 'dimmed'}
                    >
                      {note.text ?? t('terminal:analysis.noNotes', { timeframe })}
                    </Text>
                  )}
                </Box>
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>

      {loadingMemo ? (
        <LoadingSkeleton variant="text" count={4} label={t('terminal:analysis.loading')} />
      ) : unlocked ? (
        <MemoContent instrument={instrument} memo={view} t={t} />
      ) : (
        <LockedMemo t={t} />
      )}
    </Stack>
  );
}

function Field({ label, text }: { label: string; text: string }) {
  return (
    <Box>
      <Text className="t0-label" mb={4}>
        {label}
      </Text>
      <Text size="sm" className="t0-prose" style={{ whiteSpace: 'pre-wrap' }}>
        {text}
      </Text>
    </Box>
  );
}

function MemoContent({ instrument, memo, t }: { instrument: string; memo: MemoView | null; t: Translate }) {
  const text = memo?.memoText.trim();
  return (
    <Stack gap="md" data-testid="memo-content">
      <Box>
        <Text className="t0-label" mb={4}>
          {t('terminal:analysis.memo')}
        </Text>
        <Text
          className="t0-prose"
          style={{ whiteSpace: 'pre-wrap' }}
          c={text ? undefined : 'dimmed'}
          data-testid="memo-text"
        >
          {text || t('terminal:analysis.noMemo')}
        </Text>
      </Box>
      {memo?.keyLevels.trim() && <Field label={t('terminal:analysis.keyLevels')} text={memo.keyLevels.trim()} />}
      {memo?.marketStructure.trim() && (
        <Field label={t('terminal:analysis.marketStructure')} text={memo.marketStructure.trim()} />
      )}
      {memo?.riskManagement.trim() && (
        <Field label={t('terminal:analysis.riskManagement')} text={memo.riskManagement.trim()} />
      )}
      {memo && memo.imageUrls.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {memo.imageUrls.map((url, i) => (
            <Anchor
              key={url}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('terminal:analysis.imageLink', { instrument, number: i + 1 })}
            >
              <Image
                src={url}
                alt={t('terminal:analysis.imageAlt', { instrument, number: i + 1 })}
                radius="xs"
                h={160}
                fit="cover"
                bd="1px solid var(--t0-border)"
              />
            </Anchor>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function LockedMemo({ t }: { t: Translate }) {
  const hidden = [
    t('terminal:analysis.keyLevels'),
    t('terminal:analysis.marketStructure'),
    t('terminal:analysis.riskManagement'),
  ];
  return (
    <Stack gap="sm" data-testid="memo-locked">
      <LockedPanel title={t('terminal:analysis.lockedTitle')} message={t('terminal:analysis.lockedMessage')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {hidden.map((label) => (
          <Box key={label} p="sm" bg="var(--t0-surface-2)" style={{ borderRadius: 4 }}>
            <Text className="t0-label" mb={6}>
              {label}
            </Text>
            <Box h={8} mb={6} w="85%" bg="var(--t0-border)" style={{ borderRadius: 2 }} aria-hidden="true" />
            <Box h={8} mb={6} w="60%" bg="var(--t0-border)" style={{ borderRadius: 2 }} aria-hidden="true" />
            <Text size="xs" c="dimmed">
              {t('terminal:analysis.hidden')}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
