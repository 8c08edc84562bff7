import type { Db, SignalRow } from '@t0/db';
import { authorLine, disclosurePath, riskWarningOf } from '@t0/contracts/domain/signals/signal-labels';
import type { SignalLabels } from '@t0/contracts/schemas/signals/signal-labels';
import { findAnalystDisclosure } from '../analysts/analysts.queries';
import { readSiteSettings } from '../site/site-settings.queries';

/**
 * A signal's labels (EU MAR Art. 20) as they stand now: the analyst as shown now (a rename shows at
 * once; the chain commits to the name at publication only as a salted hash), or the desk's legal
 * person for a desk signal, the completed and released times, the analyst's disclosure and the
 * desk's risk warning. Never a level. `publicUrl` empty: the disclosure page's path alone.
 */
export async function signalLabels(db: Db, row: SignalRow, publicUrl = ''): Promise<SignalLabels> {
  const { settings } = await readSiteSettings(db);
  const author = row.analystId === null ? null : { name: row.authorName ?? '', title: row.authorTitle ?? '' };
  const facts = {
    author,
    legalPerson: settings.legalPerson,
    completedAt: row.completedAt.toISOString(),
    releasedAt: row.releasedAt.toISOString(),
  };
  return {
    ...facts,
    line: authorLine(facts),
    disclosure: row.analystId === null ? '' : ((await findAnalystDisclosure(db, row.analystId)) ?? ''),
    riskWarning: riskWarningOf(settings.legal.risk),
    disclosureUrl: `${publicUrl}${disclosurePath(row.id)}`,
  };
}

/** The labels with their disclosure page's address made absolute (a delivery stores the path, sends the address). */
export function labelsAt(labels: SignalLabels, publicUrl: string): SignalLabels {
  return labels.disclosureUrl.startsWith('/')
    ? { ...labels, disclosureUrl: `${publicUrl}${labels.disclosureUrl}` }
    : labels;
}
