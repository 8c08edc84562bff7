import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { exitKindOf, formatPrice, type ExitKind, type SignalEvent } from '@t0/contracts';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import type { TOptions } from '../../lib/i18n/english';
import { useDates } from '../../lib/time-zone';
import { useSignalT } from './words';

/** Each event type's label: the catalogue's keys, written in full. */
const LABELS: Record<SignalEvent['type'], string> = {
  created: 'signal:timeline.event.created',
  edited: 'signal:timeline.event.edited',
  activated: 'signal:timeline.event.activated',
  t0_hit: 'signal:timeline.event.t0Hit',
  partial_closed: 'signal:timeline.event.partialClosed',
  stop_moved: 'signal:timeline.event.stopMoved',
  closed: 'signal:timeline.event.closed',
  cancelled: 'signal:timeline.event.cancelled',
  withdrawn: 'signal:timeline.event.withdrawn',
  deleted: 'signal:timeline.event.deleted',
};

const COLOURS: Partial<Record<SignalEvent['type'], string>> = {
  activated: 'var(--t0-info)',
  t0_hit: 'var(--t0-up)',
  stop_moved: 'var(--t0-up)',
  partial_closed: 'var(--t0-up)',
  edited: 'var(--t0-warn)',
  withdrawn: 'var(--t0-warn)',
  cancelled: 'var(--t0-muted)',
};

/** An edited field's name: the catalogue's key, or the levels' codes T0 and T1 as they are. */
const FIELD_NAMES: Record<string, string> = {
  entryPrice: 'signal:timeline.field.entryPrice',
  slPrice: 'signal:timeline.field.slPrice',
  memo: 'signal:timeline.field.memo',
  confidence: 'signal:timeline.field.confidence',
  monthlyBias: 'signal:timeline.field.monthlyBias',
  status: 'signal:timeline.field.status',
  createdAt: 'signal:timeline.field.createdAt',
  stopToEntry: 'signal:timeline.field.stopToEntry',
  direction: 'signal:timeline.field.direction',
  instrument: 'signal:timeline.field.instrument',
  currentPrice: 'signal:timeline.field.currentPrice',
};
const LEVEL_CODES: Record<string, string> = { t0Price: 'T0', t1Price: 'T1' };

const EXIT_KINDS: Record<ExitKind, string> = {
  target: 'signal:timeline.exitKind.target',
  stop: 'signal:timeline.exitKind.stop',
  stop_at_entry: 'signal:timeline.exitKind.stopAtEntry',
  manual: 'signal:timeline.exitKind.manual',
  withdrawn: 'signal:timeline.exitKind.withdrawn',
  expired: 'signal:timeline.exitKind.expired',
};

const ACTORS: Record<string, string> = {
  system: 'signal:timeline.actor.system',
  seed: 'signal:timeline.actor.seed',
};

/** The words an event's detail is written in: the reader's `t` and dates. */
export interface DetailWords {
  t: (key: string, options?: TOptions) => string;
  dateTime: (value: string) => string | null;
}

function show(instrument: string, field: string, v: unknown, words: DetailWords): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number' && /Price$/.test(field)) return formatPrice(instrument, v);
  if (field === 'createdAt' && typeof v === 'string') return words.dateTime(v) ?? v;
  // The desk's own words and the stored codes (memo, status, bias …) as they are.
  const text = String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * What an event says beyond its type, in the reader's words: the edit's fields before → after, a
 * stop move, a close reason. Prices as the copier block writes them, in every language.
 */
export function eventDetail(instrument: string, e: SignalEvent, words: DetailWords): string {
  const { t } = words;
  const d = e.data;
  const price = (v: unknown) => show(instrument, 'slPrice', v, words);
  if (e.type === 'edited' && d.before && d.after) {
    const before = d.before as Record<string, unknown>;
    const after = d.after as Record<string, unknown>;
    return Object.keys(after)
      .map((f) =>
        t('signal:timeline.change', {
          field: LEVEL_CODES[f] ?? (FIELD_NAMES[f] ? t(FIELD_NAMES[f]) : f),
          before: show(instrument, f, before[f], words),
          after: show(instrument, f, after[f], words),
        }),
      )
      .join(' · ');
  }
  const parts: string[] = [];
  if (e.type === 'stop_moved')
    parts.push(
      d.trailed
        ? t('signal:timeline.stopTrailed', { from: price(d.from), to: price(d.to) })
        : t('signal:timeline.stopMoved', { from: price(d.from), to: price(d.to) }),
    );
  if (e.type === 'closed' && typeof d.reason === 'string')
    parts.push(t('signal:timeline.exit', { kind: t(EXIT_KINDS[exitKindOf(d.reason) ?? 'manual']) }));
  if (e.type === 'cancelled' && d.reason === 'expired') parts.push(t('signal:timeline.expired'));
  if (typeof d.share === 'number' && e.type !== 'created') parts.push(t('signal:timeline.share', { share: d.share }));
  if (typeof d.typedPrice === 'number') parts.push(t('signal:timeline.typed', { price: price(d.typedPrice) }));
  if (typeof d.feedPrice === 'number') parts.push(t('signal:timeline.feed', { price: price(d.feedPrice) }));
  return parts.join(' · ');
}

const actorKey = (actor: string) => ACTORS[actor] ?? 'signal:timeline.actor.admin';

export interface SignalTimelineProps {
  instrument: string;
  query: {
    data?: SignalEvent[];
    isLoading: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isRefetching: boolean;
  };
}

/**
 * The signal's life as the server recorded it, oldest first: every edit after publication is here
 * for every subscriber to see, each event with its time, price, who did it and its chain hash.
 */
export function SignalTimeline({ instrument, query }: SignalTimelineProps) {
  const { t } = useSignalT();
  const { dateTime } = useDates();
  const words: DetailWords = { t, dateTime };
  let body;
  if (query.isLoading) body = <LoadingSkeleton variant="rows" count={3} label={t('signal:timeline.loading')} />;
  else if (query.isError || !query.data)
    body = (
      <ErrorPanel
        text={errorMessage(query.error, t('signal:timeline.failed'))}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  else
    body = (
      <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="signal-timeline">
        {query.data.map((e) => {
          const detail = eventDetail(instrument, e, words);
          return (
            <Group key={e.id} component="li" gap="xs" wrap="nowrap" align="flex-start" data-event-type={e.type}>
              <Badge
                size="sm"
                radius="xs"
                variant="outline"
                miw={92}
                styles={{
                  root: {
                    color: COLOURS[e.type] ?? 'var(--t0-text)',
                    borderColor: COLOURS[e.type] ?? 'var(--t0-border)',
                    flexShrink: 0,
                  },
                }}
              >
                {t(LABELS[e.type])}
              </Badge>
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text size="xs" className="t0-date">
                    {dateTime(e.at) ?? e.at}
                  </Text>
                  {e.price !== null && (
                    <Text size="xs" className="t0-num" fw={700}>
                      @ {formatPrice(instrument, e.price)}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t(actorKey(e.actor))}
                  </Text>
                </Group>
                {detail && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {detail}
                  </Text>
                )}
              </Stack>
              {e.hash !== null && (
                <Tooltip label={`SHA-256 ${e.hash}`} multiline w={260}>
                  <Text
                    size="xs"
                    c="dimmed"
                    className="t0-num"
                    tabIndex={0}
                    aria-label={t('signal:timeline.hash', { hash: e.hash })}
                    style={{ flexShrink: 0 }}
                  >
                    #{e.hash.slice(0, 8)}
                  </Text>
                </Tooltip>
              )}
            </Group>
          );
        })}
      </Stack>
    );
  return (
    <Stack gap={6}>
      <Text className="t0-label">{t('signal:timeline.title')}</Text>
      {body}
    </Stack>
  );
}
