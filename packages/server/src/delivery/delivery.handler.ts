import { randomBytes } from 'node:crypto';
import { INSTRUMENTS, type Instrument } from '@t0/contracts/domain/common/constants';
import {
  AVAILABLE_DELIVERY_CHANNELS,
  DELIVERY_CHANNELS,
  type AnalystRule,
  type DeliveryChannel,
} from '@t0/contracts/domain/delivery/delivery';
import {
  WEBHOOK_ENDPOINTS_MAX,
  type DeliveryPreferences,
  type DeliveryPreferencesInput,
} from '@t0/contracts/schemas/delivery/delivery';
import type { Db } from '@t0/db';
import type { Context } from '../core/context';
import { transact } from '../core/transaction';
import { findAnalystBySlug } from '../analysts/analysts.queries';
import { portOf } from './channels';
import { queueTestDelivery } from './deliver.job';
import { badRequest, notFound, validationError } from '../core/errors';
import {
  countEndpoints,
  deleteEndpoint,
  enableEndpoint,
  findUserEndpoint,
  insertEndpoint,
  listEndpoints,
  readAnalystRulesBySlug,
  readDeliveryChoices,
  saveAnalystRules,
  saveDeliveryChoices,
  toEndpoint,
} from './deliveries.queries';

type Ctx = Pick<Context, 'db' | 'ports'> & { user: { id: number } };

/** Per channel: ready when this server sends through it, else "not configured". */
export function channelStates(ports: Context['ports']): DeliveryPreferences['channelStates'] {
  const ready = (c: DeliveryChannel) =>
    AVAILABLE_DELIVERY_CHANNELS.includes(c) && (portOf(c)?.configured(ports.delivery) ?? false);
  return Object.fromEntries(
    DELIVERY_CHANNELS.map((c) => [c, ready(c) ? 'ready' : 'not_configured']),
  ) as DeliveryPreferences['channelStates'];
}

/**
 * The desk's own destination on a channel, for the console: the Discord webhook's host and id
 * (never its token), the Telegram channel id; null when the channel has none or is off.
 */
export function deskDestination(channel: DeliveryChannel, delivery: Context['ports']['delivery']): string | null {
  const port = portOf(channel);
  return port && port.configured(delivery) && port.desk(delivery) ? port.deskLabel(delivery) : null;
}

export async function readDeliveryPreferences(ctx: Ctx): Promise<DeliveryPreferences> {
  const [c, analysts] = await Promise.all([
    readDeliveryChoices(ctx.db, ctx.user.id),
    readAnalystRulesBySlug(ctx.db, ctx.user.id),
  ]);
  return {
    channels: c.channels,
    instruments: c.instruments.filter((i): i is Instrument => (INSTRUMENTS as readonly string[]).includes(i)),
    quietHours: c.quietHours,
    discordWebhookUrl: c.discordWebhookUrl,
    analysts,
    channelStates: channelStates(ctx.ports),
  };
}

/**
 * The analyst rules with the analysts' ids: an unknown analyst, or one both followed and muted on
 * one channel, is a 400 naming the rule's field. A repeated rule counts once.
 */
async function analystRulesOf(db: Db, rules: readonly AnalystRule<string>[]): Promise<AnalystRule[]> {
  const out: AnalystRule[] = [];
  for (const [i, r] of rules.entries()) {
    const analyst = await findAnalystBySlug(db, r.analyst);
    if (!analyst)
      throw validationError([
        { path: ['analysts', i, 'analyst'], message: `analysts.${i}.analyst: no analyst ${r.analyst}` },
      ]);
    const same = out.find((o) => o.channel === r.channel && o.analyst === analyst.id);
    if (same && same.rule !== r.rule)
      throw validationError([
        {
          path: ['analysts', i, 'rule'],
          message: `analysts.${i}.rule: ${r.analyst} is both followed and muted on ${r.channel}`,
        },
      ]);
    if (!same) out.push({ channel: r.channel, analyst: analyst.id, rule: r.rule });
  }
  return out;
}

export async function saveDeliveryPreferencesHandler({ ctx, input }: { ctx: Ctx; input: DeliveryPreferencesInput }) {
  if (input.discordWebhookUrl) {
    const discord = ctx.ports.delivery.channels.discord;
    if (!discord) throw badRequest('Discord is not configured on this server');
    const reason = await discord.checkTarget(input.discordWebhookUrl);
    if (reason) throw validationError([{ path: ['discordWebhookUrl'], message: `discordWebhookUrl ${reason}` }]);
  }
  const { analysts, ...choices } = input;
  const rules = analysts === undefined ? undefined : await analystRulesOf(ctx.db, analysts);
  await transact(ctx.db, async (trx) => {
    await saveDeliveryChoices(trx, ctx.user.id, { ...choices, instruments: [...new Set(choices.instruments)] });
    if (rules !== undefined) await saveAnalystRules(trx, ctx.user.id, rules);
  });
  return readDeliveryPreferences(ctx);
}

/** `whsec_` and 32 random bytes in base64 (the Standard Webhooks secret form). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export async function createEndpointHandler({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { url: string; description?: string | undefined };
}) {
  const webhook = ctx.ports.delivery.channels.webhook;
  if (!webhook) throw badRequest('Webhooks are not configured on this server');
  const reason = await webhook.checkTarget(input.url);
  if (reason) throw validationError([{ path: ['url'], message: `url ${reason}` }]);
  if ((await countEndpoints(ctx.db, ctx.user.id)) >= WEBHOOK_ENDPOINTS_MAX)
    throw badRequest(`At most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: remove one first`);
  const secret = newWebhookSecret();
  const row = await insertEndpoint(ctx.db, {
    userId: ctx.user.id,
    url: input.url,
    description: input.description ?? '',
    secret,
  });
  return { ...toEndpoint(row), secret };
}

async function ownEndpoint(ctx: Ctx, id: number) {
  const row = await findUserEndpoint(ctx.db, id, ctx.user.id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function deleteEndpointHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await ownEndpoint(ctx, input.id);
  await deleteEndpoint(ctx.db, input.id);
  return { success: true as const, id: input.id };
}

export async function enableEndpointHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  await ownEndpoint(ctx, input.id);
  return toEndpoint(await enableEndpoint(ctx.db, input.id));
}

export async function testEndpointHandler({ ctx, input }: { ctx: Ctx; input: { id: number } }) {
  const ep = await ownEndpoint(ctx, input.id);
  if (!ep.enabled) throw badRequest('The endpoint is disabled: enable it first');
  const deliveryId = await queueTestDelivery({ db: ctx.db, jobs: ctx.ports.jobs }, ctx.user.id, ep.id);
  return { deliveryId };
}

export const listEndpointsHandler = (ctx: Ctx) => listEndpoints(ctx.db, ctx.user.id);
