import { graceEndsAt } from '@t0/contracts/domain/billing/billing';
import type { Words } from '@t0/contracts/domain/languages/words';
import type { MailKind } from '@t0/contracts/domain/mail/mail-kinds';
import { graceDaysOf } from '../core/context';
import { JOB_NAMES } from '../core/jobs';
import { wordsFor } from '../core/words';
import type { OutboxJob } from '../outbox/queue';
import { subscriberLanguage } from '../preferences/language';
import { readBillingMessageSettings } from '../site/site-settings.queries';
import { findTelegramChatId } from '../telegram/telegram.queries';
import { findUserById } from '../auth/users.queries';
import { findSubscription } from './billing.queries';
import type { MailDeps } from './welcome-email.job';

/** The profile's Billing section: where a payment is fixed when the provider gave no page of its own. */
export const BILLING_PATH = '/profile?section=billing';

/** What one billing message is about, as its job carries it. */
export type BillingNoticeData =
  | { kind: 'payment_failed'; userId: number; subscriptionId: string }
  | { kind: 'payment_reminder'; userId: number; subscriptionId: string; daysLeft: number }
  | {
      kind: 'win_back';
      userId: number;
      code: string;
      percentOff: number;
      durationMonths: number;
      expiresAt: string;
    };

/** The job of one billing message, written into the outbox in the transaction that causes it. */
export const billingNoticeJob = (data: BillingNoticeData): OutboxJob => ({ name: JOB_NAMES.billingNotice, data });

const day = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A message's subject and lines in the subscriber's words. */
function worded(
  t: Words,
  data: BillingNoticeData,
  s: { graceEnd: Date | null; fixUrl: string; publicUrl: string },
): { subject: string; lines: string[] } {
  switch (data.kind) {
    case 'payment_failed':
      return {
        subject: t('mail:dunning.subject'),
        lines: [t('mail:dunning.failed', { date: day(s.graceEnd!) }), t('mail:dunning.fix', { url: s.fixUrl })],
      };
    case 'payment_reminder':
      return {
        subject: t('mail:dunning.reminderSubject', { count: data.daysLeft }),
        lines: [t('mail:dunning.reminder', { date: day(s.graceEnd!) }), t('mail:dunning.fix', { url: s.fixUrl })],
      };
    case 'win_back':
      return {
        subject: t('mail:winBack.subject', { percent: data.percentOff }),
        lines: [
          t('mail:winBack.intro', { percent: data.percentOff, count: data.durationMonths }),
          t('mail:winBack.code', { code: data.code, date: day(new Date(data.expiresAt)) }),
          t('mail:winBack.link', { url: new URL('/#plans', s.publicUrl).toString() }),
        ],
      };
  }
}

/**
 * Sends one billing message: by Telegram when the subscriber linked a chat, and by e-mail — always
 * for a win-back offer, for a failed payment only when the product sends the dunning e-mails
 * (`dunningEmails` is `t0`; with `stripe`, Stripe's own e-mails do). In the subscriber's language.
 * A failed payment's messages are not sent once the subscription is past due no more (paid, or
 * ended). A failed send is logged (the e-mail log records it), not retried: the next message or
 * the provider's own reminders follow.
 */
export async function sendBillingNotice(
  deps: MailDeps,
  data: BillingNoticeData,
): Promise<{ telegram: boolean; email: boolean }> {
  const sent = { telegram: false, email: false };
  const user = await findUserById(deps.db, data.userId);
  if (!user) return sent;
  let graceEnd: Date | null = null;
  let fixUrl = new URL(BILLING_PATH, deps.settings.publicUrl).toString();
  if (data.kind !== 'win_back') {
    const sub = await findSubscription(deps.db, data.subscriptionId);
    if (!sub || sub.status !== 'past_due' || !sub.pastDueSince) return sent;
    graceEnd = graceEndsAt(sub.pastDueSince, graceDaysOf(deps.settings));
    if (graceEnd.getTime() <= Date.now()) return sent;
    fixUrl = sub.dunningUrl ?? fixUrl;
  }
  const t = wordsFor(await subscriberLanguage(deps.db, user.id));
  const { subject, lines } = worded(t, data, { graceEnd, fixUrl, publicUrl: deps.settings.publicUrl });
  const bot = deps.ports.delivery.telegramBot;
  const chat = bot ? await findTelegramChatId(deps.db, user.id) : undefined;
  if (bot && chat) {
    try {
      await bot.reply(chat.chatId, [subject, '', ...lines].join('\n'));
      sent.telegram = true;
    } catch (err) {
      deps.log.warn({ err, userId: user.id, kind: data.kind }, 'billing message not sent by Telegram');
    }
  }
  const { dunningEmails } = await readBillingMessageSettings(deps.db, deps.ports.payments.mode === 'stripe');
  if (data.kind === 'win_back' || dunningEmails === 't0') {
    try {
      await deps.ports.mailer.send({
        kind: data.kind satisfies MailKind,
        to: user.email,
        subject,
        text: lines.join('\n\n'),
      });
      sent.email = true;
    } catch (err) {
      deps.log.error({ err, userId: user.id, kind: data.kind }, 'billing e-mail failed');
    }
  }
  return sent;
}
