import type { FixWelcomeEmailsOutput, WelcomeFixResult } from '@t0/contracts/schemas/admin/admin';
import type { Context } from '../core/context';
import { listAffectedUsers } from '../billing/subscribers.queries';
import { findUserById } from '../auth/users.queries';
import { sendWelcomeEmail } from '../billing/welcome-email.job';

/** Sends the welcome e-mail to every active subscriber who never received it; answers each outcome. */
export async function fixMissingWelcomeEmailsHandler({ ctx }: { ctx: Context }): Promise<FixWelcomeEmailsOutput> {
  const affected = await listAffectedUsers(ctx.db);
  const results: WelcomeFixResult[] = [];
  for (const a of affected) {
    const row = await findUserById(ctx.db, a.id);
    if (!row) continue;
    const outcome = await sendWelcomeEmail(ctx, row);
    if (outcome.status === 'failed') results.push({ id: a.id, email: a.email, status: 'failed', error: outcome.error });
    else if (outcome.status === 'in-progress') results.push({ id: a.id, email: a.email, status: 'sending' });
    // 'already-sent': another call got there first, which is a success for this list.
    else results.push({ id: a.id, email: a.email, status: 'sent' });
  }
  const sent = results.filter((r) => r.status === 'sent').length;
  const failed = results.filter((r) => r.status === 'failed').length;
  ctx.log.info({ processed: results.length, sent, failed }, 'welcome e-mail recovery');
  return { processed: results.length, sent, failed, results };
}
