import { Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text } from '@mantine/core';
import { DEFAULT_TRADING_ACCOUNT, formatPrice, formatR, type UnlockedSignalView } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useJournalT } from './words';

/**
 * MY TRADE in the signal dialog: I TOOK IT (at the entry, or the fill typed), I SKIPPED IT, and a
 * partial exit or my own close of a trade I took. Private to the subscriber (docs/features/journal.md).
 */
export function TookItPanel({ signal }: { signal: UnlockedSignalView }) {
  const { t } = useJournalT();
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
    toast({
      title: t('journal:trade.notSaved'),
      description: errorMessage(error, t('journal:tryAgain')),
      variant: 'destructive',
    });
  const took = useMutation(
    trpc.journal.took.mutationOptions({ onSuccess: () => done(t('journal:trade.markedTaken')), onError: failed }),
  );
  const skipped = useMutation(
    trpc.journal.skipped.mutationOptions({ onSuccess: () => done(t('journal:trade.markedSkipped')), onError: failed }),
  );
  const exit = useMutation(
    trpc.journal.exit.mutationOptions({ onSuccess: () => done(t('journal:trade.exitRecorded')), onError: failed }),
  );
  const busy = took.isPending || skipped.isPending || exit.isPending;

  return (
    <Paper p="sm" className="t0-surface" data-testid="took-it">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text className="t0-label">{t('journal:trade.title')}</Text>
            {(accounts.data?.length ?? 0) > 1 && (
              <Select
                aria-label={t('journal:accounts.account')}
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
            {t('journal:trade.results')}
          </Anchor>
        </Group>
        {mine && (
          <Text size="sm" data-testid="took-it-state">
            {mine.decision === 'skipped'
              ? t('journal:trade.skipped')
              : mine.open
                ? t('journal:trade.tookOpen', { price: formatPrice(signal.instrument, mine.fillPrice) })
                : t('journal:trade.tookClosed', {
                    price: formatPrice(signal.instrument, mine.fillPrice),
                    r: formatR(mine.r),
                    deskR: formatR(mine.deskR),
                  })}
          </Text>
        )}
        {editing === 'fill' && (
          <NumberInput
            label={t('journal:trade.fill')}
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
              label={t('journal:trade.exitPrice')}
              size="xs"
              decimalScale={6}
              min={0}
              value={exitPrice}
              onChange={setExitPrice}
              hideControls
            />
            <NumberInput
              label={t('journal:trade.share')}
              size="xs"
              min={1}
              max={100}
              value={share}
              onChange={setShare}
            />
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
              {t('journal:trade.saveFill')}
            </Button>
          ) : editing === 'exit' ? (
            <Button
              size="xs"
              loading={exit.isPending}
              disabled={busy}
              onClick={() => exit.mutate({ id: signal.id, price: Number(exitPrice), share: Number(share), account })}
            >
              {t('journal:trade.saveExit')}
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
                  {t('journal:trade.tookIt')}
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
                  {t('journal:trade.skippedIt')}
                </Button>
              )}
              <Button size="xs" variant="subtle" disabled={busy} onClick={() => setEditing('fill')}>
                {mine?.decision === 'took' ? t('journal:trade.correctFill') : t('journal:trade.otherPrice')}
              </Button>
              {mine?.decision === 'took' && mine.open && (
                <Button size="xs" variant="subtle" disabled={busy} onClick={() => setEditing('exit')}>
                  {t('journal:trade.addExit')}
                </Button>
              )}
            </>
          )}
          {editing && (
            <Button size="xs" variant="subtle" color="gray" onClick={() => setEditing(null)}>
              {t('journal:trade.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
