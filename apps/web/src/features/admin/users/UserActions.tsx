import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  adminCancelInput,
  BLACKLIST_REASON_MAX,
  blacklistUserInput,
  CANCEL_REASON_MAX,
  extendFreeAccess,
  grantDaysInput,
  GRANT_DAYS_MAX,
  GRANT_DAYS_MIN,
  type AdminUserActionOutput,
  type AdminUserDetail,
} from '@t0/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../../lib/trpc';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useUserActionResult } from './use-user-action';

interface Pending {
  title: string;
  message: string;
  label: string;
  color: string;
  run: () => Promise<AdminUserActionOutput>;
  done: string;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The administrator's actions on one user; each is confirmed first and its result shown. */
export function UserActions({ detail, onResult }: { detail: AdminUserDetail; onResult: (message: string) => void }) {
  const trpc = useTRPC();
  const { account, subscription } = detail;
  const userId = account.id;
  const { done, failed } = useUserActionResult(onResult);
  const [days, setDays] = useState<string | number>(30);
  // The plan free days open: listed and unlisted plans that are not archived; the default plan first chosen.
  const plans = useQuery(trpc.plans.adminList.queryOptions());
  const openPlans = (plans.data ?? []).filter((p) => p.archivedAt === null);
  const [chosenPlan, setChosenPlan] = useState<string | null>(null);
  const plan = openPlans.find((p) => p.key === chosenPlan) ?? openPlans.find((p) => p.isDefault) ?? null;
  const [reason, setReason] = useState('');
  const [banReason, setBanReason] = useState('');
  const [errors, setErrors] = useState<{ days?: string; reason?: string; banReason?: string }>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const grant = useMutation(trpc.adminUsers.grantDays.mutationOptions());
  const end = useMutation(trpc.adminUsers.endAccess.mutationOptions());
  const cancel = useMutation(trpc.adminUsers.cancelAtPeriodEnd.mutationOptions());
  const welcome = useMutation(trpc.adminUsers.resendWelcome.mutationOptions());
  const role = useMutation(trpc.adminUsers.setAdmin.mutationOptions());
  const signOut = useMutation(trpc.adminUsers.signOutEverywhere.mutationOptions());
  const ban = useMutation(trpc.adminUsers.blacklist.mutationOptions());

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      done(pending.done, await pending.run());
      setPending(null);
    } catch (error) {
      if (failed(`${pending.done} failed`, error)) setPending(null);
    } finally {
      setBusy(false);
    }
  }

  function askGrant() {
    const checked = grantDaysInput.safeParse({ userId, days });
    if (!checked.success) return setErrors({ days: checked.error.issues[0]!.message });
    setErrors({});
    const n = checked.data.days;
    // Days on a plan whose free days still run are added to their end.
    const running = detail.grants.find(
      (g) => g.state === 'current' && g.source === 'free_days' && g.plan.key === plan?.key && g.endsAt,
    );
    const freeUntil = running?.endsAt ? new Date(running.endsAt) : null;
    const rooms = plan?.rooms.map((r) => r.name).join(', ');
    setPending({
      title: 'GRANT FREE DAYS',
      message: plan
        ? `Grant ${n} free day${n === 1 ? '' : 's'} on the ${plan.name} plan to ${account.email}? Its rooms (${rooms || 'none'}) will be open to them until ${day(extendFreeAccess(freeUntil, n))}.`
        : `Grant ${n} free day${n === 1 ? '' : 's'} on the default plan to ${account.email}?`,
      label: 'GRANT',
      color: 'green',
      done: 'Free days granted',
      run: () => grant.mutateAsync({ userId, days: n, ...(plan ? { plan: plan.key } : {}) }),
    });
  }

  function askCancel() {
    const checked = adminCancelInput.safeParse({ userId, reason });
    if (!checked.success) return setErrors({ reason: checked.error.issues[0]!.message });
    setErrors({});
    setPending({
      title: 'CANCEL AT PERIOD END',
      message: `Cancel ${account.email}'s subscription at the end of the period? Access continues until then.`,
      label: 'CANCEL SUBSCRIPTION',
      color: 'orange',
      done: 'Subscription cancelled',
      run: () => cancel.mutateAsync({ userId, reason: checked.data.reason }),
    });
  }

  function askBlacklist() {
    const checked = blacklistUserInput.safeParse({ userId, reason: banReason });
    if (!checked.success) return setErrors({ banReason: checked.error.issues[0]!.message });
    setErrors({});
    setPending({
      title: 'BLACKLIST',
      message: `Blacklist ${account.email}? Its address and linked Telegram, Discord and Whop ids go on the blacklist; every session, API token and live stream ends, access ends now (a subscription is cancelled at once, without a refund) and it leaves the paid chat and role.`,
      label: 'BLACKLIST',
      color: 'red',
      done: 'Blacklisted',
      run: () => ban.mutateAsync({ userId, reason: checked.data.reason }),
    });
  }

  const canCancel =
    !!subscription &&
    !subscription.cancelAtPeriodEnd &&
    ['active', 'trialing', 'past_due'].includes(subscription.status);
  const canEnd = account.hasAccess && !(account.isAdmin && !account.freeAccessUntil && !subscription);

  return (
    <Stack gap="sm">
      <Stack gap="sm">
        <Group gap="xs" align="flex-end">
          <NumberInput
            label="FREE DAYS"
            min={GRANT_DAYS_MIN}
            max={GRANT_DAYS_MAX}
            allowDecimal={false}
            value={days}
            onChange={setDays}
            error={errors.days}
            style={{ flex: '0 1 120px' }}
            data-testid="grant-days-input"
          />
          <Select
            label="ON PLAN"
            placeholder={plans.isPending ? 'Loading plans…' : 'The default plan'}
            data={openPlans.map((p) => ({
              value: p.key,
              label: `${p.name}${p.isDefault ? ' (default)' : p.listed ? '' : ' (unlisted)'}`,
            }))}
            value={plan?.key ?? null}
            onChange={setChosenPlan}
            allowDeselect={false}
            disabled={openPlans.length === 0}
            style={{ flex: '1 1 180px' }}
            data-testid="grant-days-plan"
          />
          <Button onClick={askGrant} color="green" variant="light">
            GRANT DAYS
          </Button>
        </Group>
        <Group gap="xs" align="flex-end">
          <TextInput
            label="CANCEL REASON"
            placeholder={canCancel ? 'Why it ends' : 'No subscription to cancel'}
            value={reason}
            maxLength={CANCEL_REASON_MAX}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
            disabled={!canCancel}
            style={{ flex: '1 1 140px' }}
          />
          <Button onClick={askCancel} color="orange" variant="light" disabled={!canCancel}>
            CANCEL AT PERIOD END
          </Button>
        </Group>
        <Group gap="xs" align="flex-end">
          <TextInput
            label="BLACKLIST REASON"
            placeholder="Why this account is banned"
            value={banReason}
            maxLength={BLACKLIST_REASON_MAX}
            onChange={(e) => setBanReason(e.currentTarget.value)}
            error={errors.banReason}
            style={{ flex: '1 1 140px' }}
            data-testid="blacklist-user-reason"
          />
          <Button onClick={askBlacklist} color="red" variant="light">
            BLACKLIST
          </Button>
        </Group>
      </Stack>
      <Group gap="xs">
        <Button
          variant="default"
          onClick={() =>
            setPending({
              title: 'RESEND WELCOME E-MAIL',
              message: `Send the welcome e-mail to ${account.email} again?`,
              label: 'SEND',
              color: 'green',
              done: 'Welcome e-mail sent',
              run: () => welcome.mutateAsync({ userId }),
            })
          }
        >
          RESEND WELCOME E-MAIL
        </Button>
        <Button
          variant="default"
          disabled={account.activeSessions === 0}
          onClick={() =>
            setPending({
              title: 'SIGN OUT EVERYWHERE',
              message: `End all ${account.activeSessions} session${account.activeSessions === 1 ? '' : 's'} of ${account.email}? They will have to sign in again.`,
              label: 'SIGN OUT',
              color: 'red',
              done: 'Signed out everywhere',
              run: () => signOut.mutateAsync({ userId }),
            })
          }
        >
          SIGN OUT EVERYWHERE
        </Button>
        <Button
          variant="default"
          disabled={account.adminByConfig}
          onClick={() =>
            setPending({
              title: account.isAdmin ? 'REMOVE ADMIN' : 'MAKE ADMIN',
              message: account.isAdmin
                ? `Remove the administrator role from ${account.email}? The console closes for them at once.`
                : `Make ${account.email} an administrator? They get the whole console, including this tab.`,
              label: account.isAdmin ? 'REMOVE ADMIN' : 'MAKE ADMIN',
              color: account.isAdmin ? 'red' : 'blue',
              done: account.isAdmin ? 'Administrator removed' : 'Administrator added',
              run: () => role.mutateAsync({ userId, admin: !account.isAdmin }),
            })
          }
        >
          {account.isAdmin ? 'REMOVE ADMIN' : 'MAKE ADMIN'}
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={!canEnd}
          onClick={() =>
            setPending({
              title: 'END ACCESS NOW',
              message: `End ${account.email}'s access now? Free days granted end, and the subscription is cancelled at once, without a refund or proration.`,
              label: 'END ACCESS',
              color: 'red',
              done: 'Access ended',
              run: () => end.mutateAsync({ userId }),
            })
          }
        >
          END ACCESS NOW
        </Button>
      </Group>
      {account.adminByConfig && (
        <Text size="xs" c="dimmed">
          This address is in ADMIN_EMAILS: the console cannot remove its administrator role.
        </Text>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.title ?? ''}
        message={pending?.message ?? ''}
        confirmLabel={pending?.label}
        color={pending?.color}
        pending={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
