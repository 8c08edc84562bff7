import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { PLAN_TERMS, isLegacyPlanKey, type AdminPlanView, type PlanTerms } from '@t0/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useAdminFeedback } from '../feedback';
import { serverFieldErrors } from './serverFieldErrors';

interface PlanValues {
  key: string;
  name: string;
  description: string;
  terms: PlanTerms;
  interval: 'month' | 'year';
  intervalCount: number | string;
  passDays: number | string;
  /** In the currency's units ("49.90"); sent as cents. */
  amount: number | string;
  currency: string;
  stripePriceId: string;
  trialDays: number | string;
  rooms: string[];
  position: number | string;
  listed: boolean;
}

const TERMS_LABELS: Record<PlanTerms, string> = {
  recurring: 'RECURRING',
  pass: 'PASS',
  lifetime: 'LIFETIME',
  free: 'FREE',
};

const valuesOf = (plan: AdminPlanView | null): PlanValues => ({
  key: plan?.key ?? '',
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  terms: plan?.terms ?? 'recurring',
  interval: plan?.interval ?? 'month',
  intervalCount: plan?.intervalCount ?? 1,
  passDays: plan?.passDays ?? 30,
  // A legacy plan priced by the settings shows no amount of its own.
  amount: plan?.ownPrice ? plan.ownPrice.amountCents / 100 : '',
  currency: plan?.ownPrice?.currency ?? plan?.price?.currency ?? 'USD',
  stripePriceId: plan?.stripePriceId ?? '',
  trialDays: plan?.trialDays ?? '',
  rooms: plan?.rooms.map((r) => r.slug) ?? [],
  position: plan?.position ?? '',
  listed: plan?.listed ?? true,
});

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const numberOrNull = (v: number | string) => (v === '' ? null : Number(v));

/** The NEW PLAN / EDIT PLAN dialog: `plan` null for a new one, undefined when closed. */
export function PlanFormModal({ plan, onClose }: { plan: AdminPlanView | null | undefined; onClose: () => void }) {
  return (
    <Modal opened={plan !== undefined} onClose={onClose} title={plan ? `EDIT PLAN ${plan.key}` : 'NEW PLAN'} size="lg">
      {plan !== undefined && <PlanForm key={plan?.key ?? 'new'} plan={plan} onClose={onClose} />}
    </Modal>
  );
}

function PlanForm({ plan, onClose }: { plan: AdminPlanView | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const feedback = useAdminFeedback();
  const rooms = useQuery(trpc.rooms.adminList.queryOptions());
  const form = useForm<PlanValues>({ initialValues: valuesOf(plan) });
  const onSuccess = (title: string) => () => {
    feedback.ok(title);
    void queryClient.invalidateQueries(trpc.plans.pathFilter());
    onClose();
  };
  const onError = (error: unknown) => {
    const errors = serverFieldErrors(error);
    // The price is one field on screen: its amount and currency.
    if (errors.amountCents) errors.amount = errors.amountCents;
    form.setErrors(errors);
    feedback.fail('Error', error, 'Failed to save the plan');
  };
  const create = useMutation(trpc.plans.create.mutationOptions({ onSuccess: onSuccess('PLAN ADDED'), onError }));
  const update = useMutation(trpc.plans.update.mutationOptions({ onSuccess: onSuccess('PLAN SAVED'), onError }));
  const pending = create.isPending || update.isPending;
  const { terms } = form.values;
  const priced = terms !== 'free';
  const legacy = plan !== null && isLegacyPlanKey(plan.key);

  const submit = form.onSubmit((v) => {
    form.clearErrors();
    const amount = priced && v.amount !== '' ? Math.round(Number(v.amount) * 100) : null;
    const fields = {
      name: v.name,
      description: v.description,
      terms: v.terms,
      interval: v.terms === 'recurring' ? v.interval : null,
      intervalCount: v.terms === 'recurring' ? numberOrNull(v.intervalCount) : null,
      passDays: v.terms === 'pass' ? numberOrNull(v.passDays) : null,
      amountCents: amount,
      currency: amount === null ? null : v.currency.trim(),
      stripePriceId: priced ? orNull(v.stripePriceId) : null,
      trialDays: numberOrNull(v.trialDays),
      rooms: v.rooms,
      position: v.position === '' ? undefined : Number(v.position),
      listed: v.listed,
    };
    if (plan) update.mutate({ key: plan.key, ...fields });
    else create.mutate({ key: v.key.trim(), ...fields });
  });

  const roomOptions = (rooms.data ?? [])
    .filter((r) => r.archivedAt === null || form.values.rooms.includes(r.slug))
    .map((r) => ({ value: r.slug, label: `${r.name} (${r.slug})` }));

  return (
    <form onSubmit={submit} noValidate data-testid="plan-form">
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label="Key"
            withAsterisk
            disabled={plan !== null}
            description={plan ? 'Fixed once created' : 'Lowercase letters, digits and dashes'}
            placeholder="gold-monthly"
            {...form.getInputProps('key')}
          />
          <TextInput label="Name" withAsterisk placeholder="Gold monthly" {...form.getInputProps('name')} />
        </Group>
        <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
        <Select
          label="Terms"
          withAsterisk
          allowDeselect={false}
          data={PLAN_TERMS.map((t) => ({ value: t, label: TERMS_LABELS[t] }))}
          {...form.getInputProps('terms')}
        />
        {terms === 'recurring' && (
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Interval"
              withAsterisk
              allowDeselect={false}
              data={[
                { value: 'month', label: 'MONTH' },
                { value: 'year', label: 'YEAR' },
              ]}
              {...form.getInputProps('interval')}
            />
            <NumberInput
              label="Every"
              withAsterisk
              description="1 to 12 intervals"
              min={1}
              max={12}
              allowDecimal={false}
              {...form.getInputProps('intervalCount')}
            />
          </Group>
        )}
        {terms === 'pass' && (
          <NumberInput
            label="Pass days"
            withAsterisk
            min={1}
            max={3650}
            allowDecimal={false}
            {...form.getInputProps('passDays')}
          />
        )}
        {priced && (
          <>
            <Group grow align="flex-start" wrap="wrap">
              <NumberInput
                label="Price"
                description={legacy ? "Empty: the settings' price" : 'Or a Stripe price below'}
                min={0}
                decimalScale={2}
                {...form.getInputProps('amount')}
              />
              <TextInput label="Currency" maxLength={3} {...form.getInputProps('currency')} />
            </Group>
            <TextInput label="Stripe price id" placeholder="price_…" {...form.getInputProps('stripePriceId')} />
          </>
        )}
        <MultiSelect
          label="Rooms"
          withAsterisk={priced}
          description="The rooms the plan grants"
          searchable
          data={roomOptions}
          {...form.getInputProps('rooms')}
        />
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput
            label="Trial days"
            description="Empty: the site's trial"
            min={0}
            max={90}
            allowDecimal={false}
            {...form.getInputProps('trialDays')}
          />
          <NumberInput label="Position" min={0} allowDecimal={false} {...form.getInputProps('position')} />
        </Group>
        <Switch label="Listed on the public plan list" {...form.getInputProps('listed', { type: 'checkbox' })} />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onClose}>
            CANCEL
          </Button>
          <Button type="submit" loading={pending} data-testid="plan-save">
            {plan ? 'SAVE PLAN' : 'ADD PLAN'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
