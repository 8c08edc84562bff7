// A dispute's evidence as text for the provider: who signed in from where, what the service
// delivered, and the refund policy the buyer agreed to. Pure: the server reads the records.

export interface EvidenceSignIn {
  at: string;
  address: string;
  userAgent: string;
  method: string;
}
export interface EvidenceDelivery {
  at: string;
  channel: string;
  signalId: number | null;
}
export interface EvidenceChatJoin {
  platform: string;
  target: string;
  joinedAt: string | null;
  status: string;
}

/** Stripe takes at most 20 000 characters in a text field of evidence. */
export const EVIDENCE_TEXT_MAX = 20_000;

const cut = (text: string) => (text.length > EVIDENCE_TEXT_MAX ? `${text.slice(0, EVIDENCE_TEXT_MAX - 1)}…` : text);

/** The access log: each sign-in with its time (UTC), address, method and browser. */
export function accessActivityLog(email: string, signIns: readonly EvidenceSignIn[]): string {
  const lines = signIns.map((s) => `${s.at} from ${s.address} (${s.method}) ${s.userAgent}`.trim());
  return cut(
    [`Sign-ins of ${email} to the service (UTC), newest first:`, ...(lines.length ? lines : ['none recorded'])].join(
      '\n',
    ),
  );
}

/** What the service delivered: signals sent to the buyer (by channel) and the paid chats joined. */
export function serviceDocumentation(
  email: string,
  deliveries: readonly EvidenceDelivery[],
  joins: readonly EvidenceChatJoin[],
): string {
  const sent = deliveries.map((d) => `${d.at} ${d.channel}${d.signalId ? ` signal #${d.signalId}` : ''}`);
  const chats = joins.map((j) => `${j.joinedAt ?? 'date unknown'} joined ${j.platform} ${j.target} (${j.status})`);
  return cut(
    [
      `Trading signals service delivered to ${email}.`,
      `Signals delivered (${sent.length}), newest first:`,
      ...(sent.length ? sent : ['none recorded']),
      `Paid community chats (${chats.length}):`,
      ...(chats.length ? chats : ['none recorded']),
    ].join('\n'),
  );
}

/** The refund policy as published (the terms page), or a note that none is published. */
export const refundPolicyDisclosure = (terms: string): string =>
  cut(terms.trim() || 'No refund policy text is published on the site.');
