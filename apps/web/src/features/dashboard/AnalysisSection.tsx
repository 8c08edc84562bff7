import { Anchor, Box, Group, Image, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { ANALYSIS_INSTRUMENTS } from '@t0/contracts';
import { IconLock } from '@tabler/icons-react';
import { LockedPanel } from '../../components/LockedPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import {
  ABSENT_MEMO_TEXT,
  absentNoteText,
  ANALYSIS_TIMEFRAMES,
  memoFor,
  noteFor,
  readMemo,
  type MemoView,
} from './analysis';
import classes from './AnalysisSection.module.css';
import { AnalysisChart } from './AnalysisChart';
import { useChartMemos, useChartNotes } from '../../lib/queries';

type RawMemo = Record<string, unknown>;

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
  return (
    <Paper
      p={{ base: 'sm', sm: 'md' }}
      bg="var(--t0-surface-1)"
      component="section"
      aria-labelledby="analysis-title"
      id="analysis"
    >
      <Title order={2} id="analysis-title" size="h4" lts="0.08em" mb="sm">
        INSTRUMENT ANALYSIS
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
        <Tabs.List aria-label={`${instrument} timeframe`}>
          {ANALYSIS_TIMEFRAMES.map((t) => (
            <Tabs.Tab key={t.key} value={t.key} fw={700}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {ANALYSIS_TIMEFRAMES.map((t) => {
          const note = noteFor(notes.data, instrument, t.name);
          return (
            <Tabs.Panel key={t.key} value={t.key} pt="sm">
              <Stack gap="sm">
                <AnalysisChart
                  instrument={instrument}
                  timeframe={t.timeframe}
                  timeframeLabel={t.label}
                  interval={t.interval}
                />
                <Box p="sm" bg="var(--t0-surface-2)" style={{ borderRadius: 4 }} data-testid="timeframe-note">
                  <Text className="t0-label" mb={4}>
                    {t.label} NOTES
                  </Text>
                  {!unlocked || note.locked ? (
                    <Group gap={6} c="dimmed">
                      <IconLock size={14} aria-hidden="true" />
                      <Text size="sm">[TIMEFRAME NOTES HIDDEN — SUBSCRIBERS ONLY]</Text>
                    </Group>
                  ) : notes.isLoading ? (
                    <LoadingSkeleton variant="text" count={2} label="Loading notes" />
                  ) : (
                    <Text
                      size="sm"
                      className="t0-prose"
                      style={{ whiteSpace: 'pre-wrap' }}
                      c={note.text ? undefined : 'dimmed'}
                    >
                      {note.text ?? absentNoteText(t.label)}
                    </Text>
                  )}
                </Box>
              </Stack>
            </Tabs.Panel>
          );
        })}
      </Tabs>

      {loadingMemo ? (
        <LoadingSkeleton variant="text" count={4} label="Loading analysis" />
      ) : unlocked ? (
        <MemoContent instrument={instrument} memo={view} />
      ) : (
        <LockedMemo />
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

function MemoContent({ instrument, memo }: { instrument: string; memo: MemoView | null }) {
  const text = memo?.memoText.trim();
  return (
    <Stack gap="md" data-testid="memo-content">
      <Box>
        <Text className="t0-label" mb={4}>
          T0 ANALYSIS
        </Text>
        <Text
          className="t0-prose"
          style={{ whiteSpace: 'pre-wrap' }}
          c={text ? undefined : 'dimmed'}
          data-testid="memo-text"
        >
          {text || ABSENT_MEMO_TEXT}
        </Text>
      </Box>
      {memo?.keyLevels.trim() && <Field label="KEY LEVELS" text={memo.keyLevels.trim()} />}
      {memo?.marketStructure.trim() && <Field label="MARKET STRUCTURE" text={memo.marketStructure.trim()} />}
      {memo?.riskManagement.trim() && <Field label="RISK MANAGEMENT" text={memo.riskManagement.trim()} />}
      {memo && memo.imageUrls.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {memo.imageUrls.map((url, i) => (
            <Anchor
              key={url}
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Open ${instrument} chart image ${i + 1} in a new tab`}
            >
              <Image
                src={url}
                alt={`${instrument} analysis chart ${i + 1}`}
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

const HIDDEN_SECTIONS = ['KEY LEVELS', 'MARKET STRUCTURE', 'RISK MANAGEMENT'] as const;

function LockedMemo() {
  return (
    <Stack gap="sm" data-testid="memo-locked">
      <LockedPanel />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {HIDDEN_SECTIONS.map((label) => (
          <Box key={label} p="sm" bg="var(--t0-surface-2)" style={{ borderRadius: 4 }}>
            <Text className="t0-label" mb={6}>
              {label}
            </Text>
            <Box h={8} mb={6} w="85%" bg="var(--t0-border)" style={{ borderRadius: 2 }} aria-hidden="true" />
            <Box h={8} mb={6} w="60%" bg="var(--t0-border)" style={{ borderRadius: 2 }} aria-hidden="true" />
            <Text size="xs" c="dimmed">
              [HIDDEN — SUBSCRIBERS ONLY]
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
