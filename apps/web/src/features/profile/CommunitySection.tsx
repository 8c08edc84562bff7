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
  linked: { title: 'Discord Linked', description: 'You are in the server with the roles of your rooms.' },
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
type Chat = CommunityStatus['telegram']['chats'][number];

/** One room's chat: in it, a personal invite, or what the button gives. */
function ChatLine({ chat }: { chat: Chat }) {
  return (
    <Stack gap={4} data-testid="community-chat">
      <Text size="sm" fw={600}>
        {chat.name}
      </Text>
      {chat.member ? (
        <Group gap="sm">
          <Badge color="terminal" variant="light" radius="xs">
            IN THE CHAT
          </Badge>
          <Text size="sm" c="dimmed">
            You are a member. You leave it automatically if you no longer hold the room.
          </Text>
        </Group>
      ) : chat.invite ? (
        <>
          <Text size="sm">Your personal invite (one person, until {formatDateTime(chat.invite.expiresAt)}):</Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code style={{ wordBreak: 'break-all' }} data-testid="community-invite">
              <Anchor href={chat.invite.url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                {chat.invite.url}
              </Anchor>
            </Code>
            <CopyButton value={chat.invite.url} label={`Copy invite link to ${chat.name}`} />
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          A personal link that works once, for you.
        </Text>
      )}
    </Stack>
  );
}

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
          Comes with a subscription to a room that has one.{' '}
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
    const anyInvite = tg.chats.some((c) => !c.member && c.invite !== null);
    body = (
      <Stack gap="md">
        <Stack gap="xs" data-testid="community-telegram">
          <Text className="t0-label">TELEGRAM · SUBSCRIBERS' {tg.chats.length > 1 ? 'CHATS' : 'CHAT'}</Text>
          {tg.blocked ? (
            <Why
              blocked={tg.blocked}
              linkHint="Link Telegram above first: your personal invite then appears here, and the bot sends it to you (or send it /join)."
            />
          ) : (
            <Stack gap="sm">
              {tg.chats.map((chat) => (
                <ChatLine key={chat.rooms.join(',')} chat={chat} />
              ))}
              {!tg.member && (
                <Group>
                  <Button
                    onClick={() => invite.mutate(anyInvite ? { renew: true } : {})}
                    disabled={invite.isPending}
                    variant={anyInvite ? 'default' : 'filled'}
                  >
                    {invite.isPending
                      ? 'CREATING LINK...'
                      : `${anyInvite ? 'NEW' : 'GET INVITE'} ${tg.chats.length > 1 ? 'LINKS' : 'LINK'}`}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stack>
        <Divider color="var(--t0-border)" />
        <Stack gap="xs" data-testid="community-discord">
          <Text className="t0-label">DISCORD · {dc.roles.length > 1 ? 'ROLES' : 'SUBSCRIBER ROLE'}</Text>
          {dc.account ? (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={4}>
                <Text ff="monospace" size="sm">
                  {dc.account.username}
                </Text>
                {dc.roles.length === 0 ? (
                  <Badge color="amber" variant="light" radius="xs">
                    NO ROLE
                  </Badge>
                ) : (
                  dc.roles.map((role) => (
                    <Group key={role.rooms.join(',')} gap="xs" wrap="nowrap">
                      <Badge color={role.granted ? 'terminal' : 'amber'} variant="light" radius="xs">
                        {role.granted ? 'ROLE GRANTED' : 'ROLE PENDING'}
                      </Badge>
                      <Text size="sm">{role.name}</Text>
                    </Group>
                  ))
                )}
                <Text size="xs" c="dimmed">
                  Linked {formatDateTime(dc.account.linkedAt)}. Unlinking removes the{' '}
                  {dc.roles.length > 1 ? 'roles' : 'role'}.
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
                Sign in with Discord: you join the server with the role of each room you hold.
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
      description="The subscribers' Telegram chats and Discord roles that come with the rooms you hold."
      testId="community-section"
    >
      {body}
    </Section>
  );
}
