import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  formatUtcOffset,
  parseSymbolMap,
  SERVER_OFFSET_CHOICES,
  type ImportedTrade,
  type ImportResult,
} from '@t0/contracts';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DirectionBadge } from '../../components/DirectionBadge';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useDates } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc';
import { useJournalT } from './words';

type Format = 'mt5' | 'csv';

/** What the endpoint takes: 1,400,000 base64 characters, a little over a megabyte of file. */
const MAX_FILE_BYTES = 1_040_000;
const SUGGEST = '';
const DEFAULT_ACCOUNT = 'Main';

const OFFSETS = SERVER_OFFSET_CHOICES.map((m) => ({ value: String(m), label: formatUtcOffset(m) }));

const formatOfFile = (file: File): Format | null =>
  /\.html?$/i.test(file.name) ? 'mt5' : /\.(csv|txt)$/i.test(file.name) ? 'csv' : null;

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** One unmatched trade: what it is, and a select of the signals it may be matched to. */
function UnmatchedTrade({ trade }: { trade: ImportedTrade }) {
  const { t } = useJournalT();
  const { dateTime } = useDates();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [signalId, setSignalId] = useState<string | null>(null);
  const candidates = useQuery(trpc.journal.importCandidates.queryOptions({ id: trade.id }, { staleTime: 30_000 }));
  const match = useMutation(
    trpc.journal.matchImportedTrade.mutationOptions({
      onSuccess: (matched) => {
        toast({ title: t('journal:import.matched', { symbol: matched.symbol, signal: matched.signalId ?? '' }) });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.importedTrades.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.results.queryKey() });
      },
      onError: (error) =>
        toast({
          title: t('journal:import.notMatched'),
          description: errorMessage(error, t('journal:tryAgain')),
          variant: 'destructive',
        }),
    }),
  );
  const options = (candidates.data ?? []).map((s) => ({
    value: String(s.id),
    label: `#${s.id} ${s.instrument} ${s.direction.toUpperCase()} · ${dateTime(s.publishedAt)}`,
  }));
  const none = candidates.isSuccess && options.length === 0;
  return (
    <Paper withBorder p="xs" radius="xs" data-testid="unmatched-trade" data-ref={trade.ref}>
      <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
        <Stack gap={2} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text span className="t0-num" fw={700}>
              {trade.symbol}
            </Text>
            <DirectionBadge direction={trade.direction as 'long' | 'short'} />
            <Text span size="xs" c="dimmed" className="t0-num">
              {trade.volume} {t('journal:import.lots', { count: trade.volume })} @ {trade.openPrice}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('journal:import.opened', { date: dateTime(trade.openedAt) ?? '', account: trade.account })}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 260px', maxWidth: 420 }}>
          <Select
            size="xs"
            style={{ flex: 1, minWidth: 0 }}
            aria-label={t('journal:import.signalFor', { symbol: trade.symbol, ref: trade.ref })}
            placeholder={
              candidates.isLoading
                ? t('journal:import.loadingSignals')
                : none
                  ? t('journal:import.noSignal')
                  : t('journal:import.chooseSignal')
            }
            disabled={none || candidates.isError}
            data={options}
            value={signalId}
            onChange={setSignalId}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            size="xs"
            variant="default"
            disabled={signalId === null}
            loading={match.isPending}
            onClick={() => signalId !== null && match.mutate({ id: trade.id, signalId: Number(signalId) })}
          >
            {t('journal:import.match')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The counts of one import, in words. */
function ImportSummary({ result }: { result: ImportResult }) {
  const { t } = useJournalT();
  const unmatched = result.added - result.matched;
  return (
    <Alert color={result.matched > 0 ? 'green' : 'gray'} variant="light" radius="xs" data-testid="import-result">
      <Text size="sm" fw={700}>
        {t('journal:import.summary', {
          trades: result.trades,
          matched: result.matched,
          added: result.added,
          already: result.alreadyImported,
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('journal:import.offsetUsed', { offset: formatUtcOffset(result.offsetMinutes ?? 0) })}
        {unmatched > 0 ? ` ${t('journal:import.unmatchedNew', { unmatched })}` : ''}
      </Text>
    </Alert>
  );
}

/** IMPORT FILLS: a MetaTrader 5 report or the generic CSV into the book, then the trades left to match by hand. */
export function ImportPanel({ accounts }: { accounts: readonly string[] }) {
  const { t } = useJournalT();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState<Format>('mt5');
  const [account, setAccount] = useState(DEFAULT_ACCOUNT);
  const [offset, setOffset] = useState(SUGGEST);
  const [mapText, setMapText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const unmatched = useQuery(trpc.journal.importedTrades.queryOptions({ unmatched: 'true' }, { staleTime: 15_000 }));
  const parsedMap = parseSymbolMap(mapText);
  const mapError = 'error' in parsedMap ? parsedMap.error : null;

  const importTrades = useMutation(
    trpc.journal.importTrades.mutationOptions({
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.needsOffset) return;
        toast({ title: t('journal:import.imported', { matched: answer.matched, added: answer.added }) });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.importedTrades.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.results.queryKey() });
      },
      onError: () => setResult(null),
    }),
  );

  const send = async (offsetMinutes: string) => {
    if (!file || mapError) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError(t('journal:import.tooBig'));
      return;
    }
    setResult(null);
    importTrades.mutate({
      format,
      contentBase64: await base64Of(file),
      account,
      ...(offsetMinutes === SUGGEST ? {} : { serverOffsetMinutes: Number(offsetMinutes) }),
      ...('map' in parsedMap && Object.keys(parsedMap.map).length > 0 ? { symbolMap: parsedMap.map } : {}),
    });
  };

  const applySuggestion = (minutes: number) => {
    setOffset(String(minutes));
    void send(String(minutes));
  };

  const accountChoices = accounts.includes(DEFAULT_ACCOUNT) ? accounts : [DEFAULT_ACCOUNT, ...accounts];
  const waiting = result?.needsOffset ? result : null;

  return (
    <Paper p={{ base: 'sm', sm: 'md' }} className="t0-surface" data-testid="import-panel">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" lts="0.08em">
            {t('journal:import.title')}
          </Title>
          <Text size="xs" c="dimmed" maw={720}>
            {t('journal:import.help')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <FileInput
            label={t('journal:import.file')}
            size="xs"
            placeholder={t('journal:import.filePlaceholder')}
            // The placeholder in the dimmed text colour: the default one is too faint to read.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept=".htm,.html,.csv,.txt,text/html,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': t('journal:import.clearFile') }}
            value={file}
            error={fileError}
            leftSection={<IconFileImport size={14} aria-hidden />}
            onChange={(f) => {
              setFile(f);
              setFileError(null);
              setResult(null);
              const guessed = f && formatOfFile(f);
              if (guessed) setFormat(guessed);
            }}
          />
          <Stack gap={4}>
            <Text size="xs" fw={500} component="span" id="import-format-label">
              {t('journal:import.format')}
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="import-format-label"
              value={format}
              onChange={(v) => setFormat(v as Format)}
              data={[
                { value: 'mt5', label: t('journal:import.mt5') },
                { value: 'csv', label: t('journal:import.csv') },
              ]}
            />
          </Stack>
          <Select
            label={t('journal:import.account')}
            size="xs"
            allowDeselect={false}
            value={account}
            onChange={(v) => setAccount(v ?? DEFAULT_ACCOUNT)}
            data={accountChoices.map((name) => ({ value: name, label: name }))}
          />
          <Select
            label={t('journal:import.serverTime')}
            size="xs"
            allowDeselect={false}
            searchable
            value={offset}
            onChange={(v) => setOffset(v ?? SUGGEST)}
            data={[{ value: SUGGEST, label: t('journal:import.suggest') }, ...OFFSETS]}
          />
        </SimpleGrid>
        <Textarea
          label={t('journal:import.symbols')}
          description={t('journal:import.symbolsHint')}
          size="xs"
          autosize
          minRows={1}
          maxRows={4}
          value={mapText}
          error={mapError}
          onChange={(e) => setMapText(e.currentTarget.value)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            leftSection={<IconFileImport size={14} aria-hidden />}
            disabled={!file || mapError !== null}
            loading={importTrades.isPending}
            onClick={() => void send(offset)}
          >
            {t('journal:import.import')}
          </Button>
          {importTrades.isError && (
            <Text size="xs" c="var(--t0-down)" role="alert" data-testid="import-error">
              {errorMessage(importTrades.error, t('journal:import.failed'))}
            </Text>
          )}
        </Group>
        {waiting && (
          <Alert color="yellow" variant="light" radius="xs" data-testid="import-offset">
            <Stack gap="xs">
              <Text size="sm">
                {t('journal:import.read', { trades: waiting.trades })}{' '}
                {waiting.suggestedOffsetMinutes === null
                  ? t('journal:import.noOffset')
                  : t('journal:import.suggested', { offset: formatUtcOffset(waiting.suggestedOffsetMinutes) })}
              </Text>
              {waiting.suggestedOffsetMinutes !== null && (
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    loading={importTrades.isPending}
                    onClick={() => applySuggestion(waiting.suggestedOffsetMinutes!)}
                  >
                    {t('journal:import.importAt', { offset: formatUtcOffset(waiting.suggestedOffsetMinutes) })}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}
        {result && !result.needsOffset && <ImportSummary result={result} />}
        {(unmatched.data?.length ?? 0) > 0 && (
          <Stack gap="xs" data-testid="unmatched-trades">
            <Text size="xs" fw={700} lts="0.08em">
              {t('journal:import.unmatched', { n: unmatched.data!.length })}
            </Text>
            {unmatched.data!.map((trade) => (
              <UnmatchedTrade key={trade.id} trade={trade} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
