import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { EXIT_KIND_LABELS, exitKindOf, formatDateTime, formatPrice, type SignalEvent } from '@t0/contracts';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';

const LABELS: Record<SignalEvent['type'], string> = {
  created: 'PUBLISHED',
  edited: 'EDITED',
  activated: 'ACTIVATED',
  t0_hit: 'T0 HIT',
  partial_closed: 'PART CLOSED',
  stop_moved: 'STOP MOVED',
  closed: 'CLOSED',
  cancelled: 'CANCELLED',
  withdrawn: 'WITHDRAWN',
  deleted: 'DELETED',
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

const FIELD_NAMES: Record<string, string> = {
  entryPrice: 'entry',
  slPrice: 'stop',
  t0Price: 'T0',
  t1Price: 'T1',
  memo: 'memo',
  confidence: 'confidence',
  monthlyBias: 'bias',
  status: 'status',
  createdAt: 'created date',
  stopToEntry: 'stop to entry after T0',
  direction: 'direction',
  instrument: 'instrument',
  currentPrice: 'current price',
};

function show(instrument: string, field: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number' && /Price$/.test(field)) return formatPrice(instrument, v);
  if (field === 'createdAt' && typeof v === 'string') return formatDateTime(v) ?? v;
  const text = String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** What an event says beyond its type: the edit's fields before → after, a stop move, a close reason. */
export function eventDetail(instrument: string, e: SignalEvent): string {
  const d = e.data;
  if (e.type === 'edited' && d.before && d.after) {
    const before = d.before as Record<string, unknown>;
    const after = d.after as Record<string, unknown>;
    return Object.keys(after)
      .map((f) => `${FIELD_NAMES[f] ?? f}: ${show(instrument, f, before[f])} → ${show(instrument, f, after[f])}`)
      .join(' · ');
  }
  const parts: string[] = [];
  if (e.type === 'stop_moved')
    parts.push(
      `${d.trailed ? 'trailed ' : ''}stop ${show(instrument, 'slPrice', d.from)} → ${show(instrument, 'slPrice', d.to)}`,
    );
  if (e.type === 'closed' && typeof d.reason === 'string')
    parts.push(`exit: ${EXIT_KIND_LABELS[exitKindOf(d.reason) ?? 'manual'] ?? d.reason}`);
  if (e.type === 'cancelled' && d.reason === 'expired') parts.push('expired unfilled');
  if (typeof d.share === 'number' && e.type !== 'created') parts.push(`${d.share} % of the position`);
  if (typeof d.typedPrice === 'number') parts.push(`typed ${show(instrument, 'slPrice', d.typedPrice)}`);
  if (typeof d.feedPrice === 'number') parts.push(`feed ${show(instrument, 'slPrice', d.feedPrice)}`);
  return parts.join(' · ');
}

const actorLabel = (actor: string) => (actor === 'system' ? 'PRICE WATCHER' : actor === 'seed' ? 'DEMO' : 'ADMIN');

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
  let body;
  if (query.isLoading) body = <LoadingSkeleton variant="rows" count={3} label="Loading the timeline" />;
  else if (query.isError || !query.data)
    body = (
      <ErrorPanel
        text={errorMessage(query.error, 'Failed to load the timeline')}
        onRetry={() => void query.refetch()}
        retrying={query.isRefetching}
      />
    );
  else
    body = (
      <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }} data-testid="signal-timeline">
        {query.data.map((e) => {
          const detail = eventDetail(instrument, e);
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
                {LABELS[e.type]}
              </Badge>
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Group gap="xs" wrap="wrap">
                  <Text size="xs" className="t0-num">
                    {formatDateTime(e.at) ?? e.at}
                  </Text>
                  {e.price !== null && (
                    <Text size="xs" className="t0-num" fw={700}>
                      @ {formatPrice(instrument, e.price)}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {actorLabel(e.actor)}
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
                    aria-label={`Event hash ${e.hash}`}
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
      <Text className="t0-label">TIMELINE</Text>
      {body}
    </Stack>
  );
}
