import { Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_TRADING_ACCOUNT, formatPrice, formatR, type UnlockedSignalView } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

/**
 * MY TRADE in the signal dialog: I TOOK IT (at the entry, or the fill typed), I SKIPPED IT, and a
 * partial exit or my own close of a trade I took. Private to the subscriber (docs/features/journal.md).
 */
export function TookItPanel({ signal }: { signal: UnlockedSignalView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const results = useQuery(trpc.journal.results.queryOptions(undefined, { staleTime: 15_000 }));
  const accounts = useQuery(trpc.journal.accounts.queryOptions(undefined, { staleTime: 60_000 }));
  const [account, setAccount] = useState(DEFAULT_TRADING_ACCOUNT);
  const mine = results.data?.trades.find((t) => t.signalId === signal.id && t.account === account);
  const [fill, setFill] = useState<number | string>(signal.entryPrice ?? '');
  const [exitPrice, setExitPrice] = useState<number | string>('');
  const [share, setShare] = useState<number | string>(100);
  const [editing, setEditing] = useState<'fill' | 'exit' | null>(null);
  const done = (title: string) => {
    toast({ title });
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: trpc.journal.results.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.journal.accounts.queryKey() });
  };
  const failed = (error: unknown) =>
    toast({ title: 'Not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  const took = useMutation(
    trpc.journal.took.mutationOptions({ onSuccess: () => done('Marked taken'), onError: failed }),
  );
  const skipped = useMutation(
    trpc.journal.skipped.mutationOptions({ onSuccess: () => done('Marked skipped'), onError: failed }),
  );
  const exit = useMutation(
    trpc.journal.exit.mutationOptions({ onSuccess: () => done('Exit recorded'), onError: failed }),
  );
  const busy = took.isPending || skipped.isPending || exit.isPending;

  return (
    <Paper p="sm" className="t0-surface" data-testid="took-it">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text className="t0-label">MY TRADE</Text>
            {(accounts.data?.length ?? 0) > 1 && (
              <Select
                aria-label="Account"
                size="xs"
                w={130}
                allowDeselect={false}
                value={account}
                onChange={(v) => setAccount(v ?? DEFAULT_TRADING_ACCOUNT)}
                data={accounts.data!.map((a) => a.name)}
              />
            )}
          </Group>
          <Anchor component={Link} to="/results" size="xs" fw={700}>
            MY RESULTS →
          </Anchor>
        </Group>
        {mine && (
          <Text size="sm" data-testid="took-it-state" className="t0-num">
            {mine.decision === 'skipped'
              ? 'You skipped this signal.'
              : `You took it at ${formatPrice(signal.instrument, mine.fillPrice)}${
                  mine.open ? ' · open' : ` · ${formatR(mine.r)} (desk ${formatR(mine.deskR)})`
                }`}
          </Text>
        )}
        {editing === 'fill' && (
          <NumberInput
            label="My fill"
            size="xs"
            decimalScale={6}
            min={0}
            value={fill}
            onChange={setFill}
            hideControls
            data-autofocus
          />
        )}
        {editing === 'exit' && (
          <Group grow gap="xs">
            <NumberInput
              label="Exit price"
              size="xs"
              decimalScale={6}
              min={0}
              value={exitPrice}
              onChange={setExitPrice}
              hideControls
            />
            <NumberInput label="Share %" size="xs" min={1} max={100} value={share} onChange={setShare} />
          </Group>
        )}
        <Group gap="xs" wrap="wrap">
          {editing === 'fill' ? (
            <Button
              size="xs"
              loading={took.isPending}
              disabled={busy}
              onClick={() => took.mutate({ id: signal.id, fillPrice: Number(fill), account })}
            >
              SAVE FILL
            </Button>
          ) : editing === 'exit' ? (
            <Button
              size="xs"
              loading={exit.isPending}
              disabled={busy}
              onClick={() => exit.mutate({ id: signal.id, price: Number(exitPrice), share: Number(share), account })}
            >
              SAVE EXIT
            </Button>
          ) : (
            <>
              {mine?.decision !== 'took' && (
                <Button
                  size="xs"
                  loading={took.isPending}
                  disabled={busy}
                  onClick={() => took.mutate({ id: signal.id, account })}
                >
                  I TOOK IT
                </Button>
              )}
              {mine?.decision !== 'skipped' && (
                <Button
                  size="xs"
                  variant="outline"
                  color="gray"
                  loading={skipped.isPending}
                  disabled={busy}
                  onClick={() => skipped.mutate({ id: signal.id, account })}
                >
                  I SKIPPED IT
                </Button>
              )}
              <Button size="xs" variant="subtle" disabled={busy} onClick={() => setEditing('fill')}>
                {mine?.decision === 'took' ? 'CORRECT MY FILL' : 'TOOK IT AT ANOTHER PRICE'}
              </Button>
              {mine?.decision === 'took' && mine.open && (
                <Button size="xs" variant="subtle" disabled={busy} onClick={() => setEditing('exit')}>
                  ADD EXIT
                </Button>
              )}
            </>
          )}
          {editing && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => setEditing(null)}>
              CANCEL
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
