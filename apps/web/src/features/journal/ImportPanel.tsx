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
  formatDateTime,
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
import { useTRPC } from '../../lib/trpc';

type Format = 'mt5' | 'csv';

/** What the endpoint takes: 1,400,000 base64 characters, a little over a megabyte of file. */
const MAX_FILE_BYTES = 1_040_000;
const SUGGEST = '';
const DEFAULT_ACCOUNT = 'Main';

const offsetChoices = [
  { value: SUGGEST, label: 'Suggest it for me' },
  ...SERVER_OFFSET_CHOICES.map((m) => ({ value: String(m), label: formatUtcOffset(m) })),
];

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
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [signalId, setSignalId] = useState<string | null>(null);
  const candidates = useQuery(trpc.journal.importCandidates.queryOptions({ id: trade.id }, { staleTime: 30_000 }));
  const match = useMutation(
    trpc.journal.matchImportedTrade.mutationOptions({
      onSuccess: (t) => {
        toast({ title: `${t.symbol} matched to signal #${t.signalId}` });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.importedTrades.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.results.queryKey() });
      },
      onError: (error) =>
        toast({ title: 'Not matched', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    }),
  );
  const options = (candidates.data ?? []).map((s) => ({
    value: String(s.id),
    label: `#${s.id} ${s.instrument} ${s.direction.toUpperCase()} · ${formatDateTime(s.publishedAt)}`,
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
              {trade.volume} {trade.volume === 1 ? 'lot' : 'lots'} @ {trade.openPrice}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            opened {formatDateTime(trade.openedAt)} · {trade.account}
          </Text>
        </Stack>
        <Group gap="xs" align="flex-end" wrap="nowrap" style={{ flex: '1 1 260px', maxWidth: 420 }}>
          <Select
            size="xs"
            style={{ flex: 1, minWidth: 0 }}
            aria-label={`Signal for ${trade.symbol} ${trade.ref}`}
            placeholder={
              candidates.isLoading ? 'Loading signals…' : none ? 'No signal of this trade' : 'Choose a signal'
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
            MATCH
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** The counts of one import, in words. */
function ImportSummary({ result }: { result: ImportResult }) {
  const unmatched = result.added - result.matched;
  return (
    <Alert color={result.matched > 0 ? 'green' : 'gray'} variant="light" radius="xs" data-testid="import-result">
      <Text size="sm" fw={700}>
        {result.trades} TRADES · {result.matched} MATCHED · {result.added} NEW · {result.alreadyImported} ALREADY
        IMPORTED
      </Text>
      <Text size="xs" c="dimmed">
        Imported with the broker’s time at {formatUtcOffset(result.offsetMinutes ?? 0)}.
        {unmatched > 0 ? ` ${unmatched} new matched no signal: match them by hand below, or leave them.` : ''}
      </Text>
    </Alert>
  );
}

/** IMPORT FILLS: a MetaTrader 5 report or the generic CSV into the book, then the trades left to match by hand. */
export function ImportPanel({ accounts }: { accounts: readonly string[] }) {
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
        toast({ title: `Imported: ${answer.matched} matched, ${answer.added} new` });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.importedTrades.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.journal.results.queryKey() });
      },
      onError: () => setResult(null),
    }),
  );

  const send = async (offsetMinutes: string) => {
    if (!file || mapError) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileError('This file is over 1 MB: export a shorter period.');
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
            IMPORT FILLS
          </Title>
          <Text size="xs" c="dimmed" maw={720}>
            MetaTrader 5: History › right click › Report › HTML. Or a CSV with the columns id, symbol, direction,
            volume, open_time, open_price, close_time, close_price, profit. Each trade is matched to the signal it
            followed and becomes your entry for it; a trade is imported once per account.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <FileInput
            label="Report file"
            size="xs"
            placeholder="Choose a .html or .csv file"
            // The placeholder in the dimmed text colour: the default one is too faint to read.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            accept=".htm,.html,.csv,.txt,text/html,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear the file' }}
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
              Format
            </Text>
            <SegmentedControl
              size="xs"
              aria-labelledby="import-format-label"
              value={format}
              onChange={(v) => setFormat(v as Format)}
              data={[
                { value: 'mt5', label: 'MT5 REPORT' },
                { value: 'csv', label: 'CSV' },
              ]}
            />
          </Stack>
          <Select
            label="Into account"
            size="xs"
            allowDeselect={false}
            value={account}
            onChange={(v) => setAccount(v ?? DEFAULT_ACCOUNT)}
            data={accountChoices.map((name) => ({ value: name, label: name }))}
          />
          <Select
            label="Broker’s server time"
            size="xs"
            allowDeselect={false}
            searchable
            value={offset}
            onChange={(v) => setOffset(v ?? SUGGEST)}
            data={offsetChoices}
          />
        </SimpleGrid>
        <Textarea
          label="Broker symbols (when the suffix rule does not find them)"
          description="One pair a line or separated by commas: DJ30=US30, GER40.cash=DE40"
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
            IMPORT
          </Button>
          {importTrades.isError && (
            <Text size="xs" c="var(--t0-down)" role="alert" data-testid="import-error">
              {errorMessage(importTrades.error, 'The import failed. Please try again.')}
            </Text>
          )}
        </Group>
        {waiting && (
          <Alert color="yellow" variant="light" radius="xs" data-testid="import-offset">
            <Stack gap="xs">
              <Text size="sm">
                {waiting.trades} trades read. Their times are the broker’s server time: nothing is imported until it is
                known.
                {waiting.suggestedOffsetMinutes === null
                  ? ' No offset matches any of your signals: choose the broker’s time above.'
                  : ` Your signals suggest ${formatUtcOffset(waiting.suggestedOffsetMinutes)}.`}
              </Text>
              {waiting.suggestedOffsetMinutes !== null && (
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    loading={importTrades.isPending}
                    onClick={() => applySuggestion(waiting.suggestedOffsetMinutes!)}
                  >
                    IMPORT AT {formatUtcOffset(waiting.suggestedOffsetMinutes)}
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
              UNMATCHED TRADES ({unmatched.data!.length})
            </Text>
            {unmatched.data!.map((t) => (
              <UnmatchedTrade key={t.id} trade={t} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
