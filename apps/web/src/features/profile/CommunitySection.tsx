import { Anchor, Badge, Button, Code, Divider, Group, Stack, Text } from '@mantine/core';
import type { CommunityStatus } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';

/** What Discord's return to the profile (`?discord=`) means. */
const DISCORD_OUTCOMES: Record<string, { title: string; description: string; bad?: boolean }> = {
  linked: { title: 'Discord Linked', description: 'You are in the server with the subscriber role.' },
  denied: { title: 'Discord Not Linked', description: 'The authorisation was cancelled in Discord.', bad: true },
  bad_state: {
    title: 'Discord Not Linked',
    description: 'That authorisation expired or was started elsewhere. Press LINK DISCORD again.',
    bad: true,
  },
  no_access: { title: 'Discord Not Linked', description: 'The Discord server is for active subscribers.', bad: true },
  failed: {
    title: 'Discord Not Linked',
    description: 'Discord could not be reached. Try again in a moment.',
    bad: true,
  },
};

type Blocked = CommunityStatus['telegram']['blocked'];

function Why({ blocked, linkHint }: { blocked: Blocked; linkHint: string }) {
  if (blocked === 'not_configured') {
    return (
      <Group gap="sm">
        <Badge color="gray" variant="outline" radius="xs">
          NOT CONFIGURED
        </Badge>
        <Text size="sm" c="dimmed">
          Not set up on this server.
        </Text>
      </Group>
    );
  }
  if (blocked === 'no_subscription') {
    return (
      <Group gap="sm" wrap="wrap">
        <Badge color="amber" variant="outline" radius="xs">
          SUBSCRIBERS ONLY
        </Badge>
        <Text size="sm" c="dimmed">
          Comes with an active subscription.{' '}
          <Anchor component={Link} to="/profile?section=billing" size="sm">
            See billing
          </Anchor>
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {linkHint}
    </Text>
  );
}

/** The paid Telegram chat and the Discord server: a personal invite, a linked account with the role, or why not. */
export function CommunitySection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const toAuth = useUnauthorizedRedirect();
  const [params, setParams] = useSearchParams();
  const status = useQuery(trpc.community.status.queryOptions());
  const setStatus = (s: CommunityStatus) => queryClient.setQueryData(trpc.community.status.queryKey(), s);
  const fail = (title: string) => (err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, 'Please try again.'), variant: 'destructive' });
  };

  // Back from Discord: say how it went, once.
  const discordOutcome = params.get('discord');
  useEffect(() => {
    if (!discordOutcome) return;
    const o = DISCORD_OUTCOMES[discordOutcome];
    if (o) toast({ title: o.title, description: o.description, ...(o.bad ? { variant: 'destructive' as const } : {}) });
    const next = new URLSearchParams(params);
    next.delete('discord');
    setParams(next, { replace: true });
  }, [discordOutcome, params, setParams]);

  const invite = useMutation(
    trpc.community.telegramInvite.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.community.status.queryKey() }),
      onError: fail('No Invite Link'),
    }),
  );
  const authorize = useMutation(
    trpc.community.discordAuthorize.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: fail('Discord Not Linked'),
    }),
  );
  const unlink = useMutation(
    trpc.community.discordUnlink.mutationOptions({
      onSuccess: (s) => {
        setStatus(s);
        toast({ title: 'Discord Unlinked', description: 'The subscriber role is being removed.' });
      },
      onError: fail('Discord Not Unlinked'),
    }),
  );

  let body;
  if (status.isPending) body = <LoadingSkeleton label="Loading community access" count={2} />;
  else if (status.isError)
    body = (
      <ErrorPanel
        text="Failed to load community access."
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  else {
    const { telegram: tg, discord: dc } = status.data;
    body = (
      <Stack gap="md">
        <Stack gap="xs" data-testid="community-telegram">
          <Text className="t0-label">TELEGRAM · SUBSCRIBERS' CHAT</Text>
          {tg.blocked ? (
            <Why
              blocked={tg.blocked}
              linkHint="Link Telegram above first: your personal invite then appears here, and the bot sends it to you (or send it /join)."
            />
          ) : tg.member ? (
            <Group gap="sm">
              <Badge color="terminal" variant="light" radius="xs">
                IN THE CHAT
              </Badge>
              <Text size="sm" c="dimmed">
                You are a member. You leave it automatically if your subscription ends.
              </Text>
            </Group>
          ) : (
            <Stack gap="xs">
              {tg.invite ? (
                <>
                  <Text size="sm">Your personal invite (one person, until {formatDateTime(tg.invite.expiresAt)}):</Text>
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <Code style={{ wordBreak: 'break-all' }} data-testid="community-invite">
                      <Anchor href={tg.invite.url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                        {tg.invite.url}
                      </Anchor>
                    </Code>
                    <CopyButton value={tg.invite.url} label="Copy invite link" />
                  </Group>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  A personal link that works once, for you.
                </Text>
              )}
              <Group>
                <Button
                  onClick={() => invite.mutate(tg.invite ? { renew: true } : {})}
                  disabled={invite.isPending}
                  variant={tg.invite ? 'default' : 'filled'}
                >
                  {invite.isPending ? 'CREATING LINK...' : tg.invite ? 'NEW LINK' : 'GET INVITE LINK'}
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
        <Divider color="var(--t0-border)" />
        <Stack gap="xs" data-testid="community-discord">
          <Text className="t0-label">DISCORD · SUBSCRIBER ROLE</Text>
          {dc.account ? (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Badge color={dc.roleGranted ? 'terminal' : 'amber'} variant="light" radius="xs">
                    {dc.roleGranted ? 'ROLE GRANTED' : dc.blocked === 'no_subscription' ? 'NO ROLE' : 'ROLE PENDING'}
                  </Badge>
                  <Text ff="monospace" size="sm">
                    {dc.account.username}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  Linked {formatDateTime(dc.account.linkedAt)}. Unlinking removes the role.
                </Text>
              </Stack>
              <Button variant="subtle" color="red" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
                {unlink.isPending ? 'UNLINKING...' : 'UNLINK'}
              </Button>
            </Group>
          ) : dc.blocked && dc.blocked !== 'not_linked' ? (
            <Why blocked={dc.blocked} linkHint="" />
          ) : (
            <Group gap="sm" wrap="wrap">
              <Button onClick={() => authorize.mutate()} disabled={authorize.isPending}>
                {authorize.isPending ? 'OPENING DISCORD...' : 'LINK DISCORD'}
              </Button>
              <Text size="sm" c="dimmed">
                Sign in with Discord: you join the server with the subscriber role.
              </Text>
            </Group>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Section
      title="COMMUNITY"
      description="The subscribers' Telegram chat and Discord server, included with your subscription."
      testId="community-section"
    >
      {body}
    </Section>
  );
}
