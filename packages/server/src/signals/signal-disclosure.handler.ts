import type { SignalDisclosure } from '@t0/contracts/schemas/signals/signal-labels';
import type { Context } from '../core/context';
import { notFound } from '../core/errors';
import { signalLabels } from './signal-labels';
import { findSignal } from './signals.queries';

/**
 * A signal's public disclosure page (`GET /api/signals/{id}/disclosure`): its labels, the analyst's
 * disclosure, the desk's legal person and risk warning, and where the desk's legal pages are.
 * Anyone may read it, so it names the instrument and room a locked signal shows, and never a level.
 */
export async function signalDisclosureHandler({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: { id: number };
}): Promise<SignalDisclosure> {
  const row = await findSignal(ctx.db, input.id);
  if (!row) throw notFound('Signal');
  return {
    signalId: row.id,
    room: row.room,
    instrument: row.instrument,
    labels: await signalLabels(ctx.db, row),
    riskPage: '/risk',
    disclosuresPage: '/disclosures',
  };
}
