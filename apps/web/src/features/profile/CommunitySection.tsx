import { Anchor, Badge, Button, Code, Divider, Group, Stack, Text } from '@mantine/core';
import type { CommunityStatus } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CopyButton } from '../../components/CopyButton';
import { ErrorPanel } from '../../components/ErrorPanel';
import { LoadingSkeleton } from '../../components/LoadingSkeleton';
import { errorMessage } from '../../lib/errors';
import { useDates } from '../../lib/time-zone';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { Section } from '../../components/Section';
import { useUnauthorizedRedirect } from './use-unauthorized-redirect';
import { useProfileT } from './words';

/** What Discord's return to the profile (`?discord=`) means (catalogue keys). */
const DISCORD_OUTCOMES: Record<string, { title: string; description: string; bad?: boolean }> = {
  linked: { title: 'profile:community.discordLinked', description: 'profile:community.discordLinkedText' },
  denied: {
    title: 'profile:community.discordNotLinked',
    description: 'profile:community.discordDenied',
    bad: true,
  },
  bad_state: {
    title: 'profile:community.discordNotLinked',
    description: 'profile:community.discordBadState',
    bad: true,
  },
  no_access: {
    title: 'profile:community.discordNotLinked',
    description: 'profile:community.discordNoAccess',
    bad: true,
  },
  failed: {
    title: 'profile:community.discordNotLinked',
    description: 'profile:community.discordFailed',
    bad: true,
  },
};

type Blocked = CommunityStatus['telegram']['blocked'];
type Chat = CommunityStatus['telegram']['chats'][number];

/** One room's chat: in it, a personal invite, or what the button gives. */
function ChatLine({ chat }: { chat: Chat }) {
  const { t } = useProfileT();
  const { dateTime } = useDates();
  return (
    <Stack gap={4} data-testid="community-chat">
      <Text size="sm" fw={600}>
        {chat.name}
      </Text>
      {chat.member ? (
        <Group gap="sm">
          <Badge color="terminal" variant="light" radius="xs">
            {t('profile:community.inChat')}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('profile:community.member')}
          </Text>
        </Group>
      ) : chat.invite ? (
        <>
          <Text size="sm">{t('profile:community.invite', { date: dateTime(chat.invite.expiresAt) ?? '' })}</Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Code dir="ltr" style={{ wordBreak: 'break-all' }} data-testid="community-invite">
              <Anchor href={chat.invite.url} target="_blank" rel="noopener noreferrer" size="sm" ff="monospace">
                {chat.invite.url}
              </Anchor>
            </Code>
            <CopyButton value={chat.invite.url} label={t('profile:community.copyInvite', { name: chat.name })} />
          </Group>
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('profile:community.inviteHint')}
        </Text>
      )}
    </Stack>
  );
}

function Why({ blocked, linkHint }: { blocked: Blocked; linkHint: string }) {
  const { t } = useProfileT();
  if (blocked === 'not_configured') {
    return (
      <Group gap="sm">
        <Badge color="gray" variant="outline" radius="xs">
          {t('profile:alerts.notConfigured')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('profile:community.off')}
        </Text>
      </Group>
    );
  }
  if (blocked === 'no_subscription') {
    return (
      <Group gap="sm" wrap="wrap">
        <Badge color="amber" variant="outline" radius="xs">
          {t('profile:community.subscribersOnly')}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('profile:community.needsRoom')}{' '}
          <Anchor component={Link} to="/profile?section=billing" size="sm">
            {t('profile:community.seeBilling')}
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
  const { t } = useProfileT();
  const { dateTime } = useDates();
  const status = useQuery(trpc.community.status.queryOptions());
  const setStatus = (s: CommunityStatus) => queryClient.setQueryData(trpc.community.status.queryKey(), s);
  const fail = (title: string) => (err: unknown) => {
    if (toAuth(err)) return;
    toast({ title, description: errorMessage(err, t('profile:alerts.tryAgain')), variant: 'destructive' });
  };

  // Back from Discord: say how it went, once.
  const discordOutcome = params.get('discord');
  useEffect(() => {
    if (!discordOutcome) return;
    const o = DISCORD_OUTCOMES[discordOutcome];
    if (o)
      toast({
        title: t(o.title),
        description: t(o.description),
        ...(o.bad ? { variant: 'destructive' as const } : {}),
      });
    const next = new URLSearchParams(params);
    next.delete('discord');
    setParams(next, { replace: true });
  }, [discordOutcome, params, setParams, t]);

  const invite = useMutation(
    trpc.community.telegramInvite.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.community.status.queryKey() }),
      onError: fail(t('profile:community.inviteFailed')),
    }),
  );
  const authorize = useMutation(
    trpc.community.discordAuthorize.mutationOptions({
      onSuccess: ({ url }) => window.location.assign(url),
      onError: fail(t('profile:community.discordNotLinked')),
    }),
  );
  const unlink = useMutation(
    trpc.community.discordUnlink.mutationOptions({
      onSuccess: (s) => {
        setStatus(s);
        toast({
          title: t('profile:community.discordUnlinked'),
          description: t('profile:community.discordUnlinkedText'),
        });
      },
      onError: fail(t('profile:community.discordUnlinkFailed')),
    }),
  );

  let body;
  if (status.isPending) body = <LoadingSkeleton label={t('profile:community.loading')} count={2} />;
  else if (status.isError)
    body = (
      <ErrorPanel
        text={t('profile:community.loadFailed')}
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
          <Text className="t0-label">
            {tg.chats.length > 1 ? t('profile:community.telegramChats') : t('profile:community.telegramChat')}
          </Text>
          {tg.blocked ? (
            <Why blocked={tg.blocked} linkHint={t('profile:community.linkTelegramFirst')} />
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
                      ? t('profile:alerts.creatingLink')
                      : tg.chats.length > 1
                        ? anyInvite
                          ? t('profile:community.newLinks')
                          : t('profile:community.getLinks')
                        : anyInvite
                          ? t('profile:community.newLink')
                          : t('profile:community.getLink')}
                  </Button>
                </Group>
              )}
            </Stack>
          )}
        </Stack>
        <Divider color="var(--t0-border)" />
        <Stack gap="xs" data-testid="community-discord">
          <Text className="t0-label">
            {dc.roles.length > 1 ? t('profile:community.discordRoles') : t('profile:community.discordRole')}
          </Text>
          {dc.account ? (
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={4}>
                <Text ff="monospace" size="sm">
                  {dc.account.username}
                </Text>
                {dc.roles.length === 0 ? (
                  <Badge color="amber" variant="light" radius="xs">
                    {t('profile:community.noRole')}
                  </Badge>
                ) : (
                  dc.roles.map((role) => (
                    <Group key={role.rooms.join(',')} gap="xs" wrap="nowrap">
                      <Badge color={role.granted ? 'terminal' : 'amber'} variant="light" radius="xs">
                        {role.granted ? t('profile:community.roleGranted') : t('profile:community.rolePending')}
                      </Badge>
                      <Text size="sm">{role.name}</Text>
                    </Group>
                  ))
                )}
                <Text size="xs" c="dimmed">
                  {dc.roles.length > 1
                    ? t('profile:community.linkedRoles', { date: dateTime(dc.account.linkedAt) ?? '' })
                    : t('profile:community.linkedRole', { date: dateTime(dc.account.linkedAt) ?? '' })}
                </Text>
              </Stack>
              <Button variant="subtle" color="red" disabled={unlink.isPending} onClick={() => unlink.mutate()}>
                {unlink.isPending ? t('profile:alerts.unlinking') : t('profile:alerts.unlink')}
              </Button>
            </Group>
          ) : dc.blocked && dc.blocked !== 'not_linked' ? (
            <Why blocked={dc.blocked} linkHint="" />
          ) : (
            <Group gap="sm" wrap="wrap">
              <Button onClick={() => authorize.mutate()} disabled={authorize.isPending}>
                {authorize.isPending ? t('profile:community.openingDiscord') : t('profile:community.linkDiscord')}
              </Button>
              <Text size="sm" c="dimmed">
                {t('profile:community.linkDiscordHint')}
              </Text>
            </Group>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Section
      title={t('profile:community.title')}
      description={t('profile:community.description')}
      testId="community-section"
    >
      {body}
    </Section>
  );
}
