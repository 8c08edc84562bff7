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

export interface EvidenceConsent {
  acceptedAt: string;
  address: string | null;
  userAgent: string | null;
  shown: boolean;
  pages: readonly { title: string; version: number; sha256: string }[];
}

/** The consent line: which versions of which pages the buyer accepted at checkout, when and from where. */
export function consentLines(consent: EvidenceConsent | null): string[] {
  if (!consent) return ['Pages accepted at checkout: none recorded.'];
  const pages = consent.pages.map((p) => `${p.title} version ${p.version} (SHA-256 ${p.sha256})`);
  const from = [consent.address, consent.userAgent].filter(Boolean).join(' ');
  return [
    `Accepted at checkout on ${consent.acceptedAt}${from ? ` from ${from}` : ''}${consent.shown ? '' : ' (checkout started by the API; the versions current then)'}:`,
    ...pages,
  ];
}

/** What the service delivered: the pages accepted, signals sent to the buyer (by channel) and the paid chats joined. */
export function serviceDocumentation(
  email: string,
  deliveries: readonly EvidenceDelivery[],
  joins: readonly EvidenceChatJoin[],
  consent: EvidenceConsent | null = null,
): string {
  const sent = deliveries.map((d) => `${d.at} ${d.channel}${d.signalId ? ` signal #${d.signalId}` : ''}`);
  const chats = joins.map((j) => `${j.joinedAt ?? 'date unknown'} joined ${j.platform} ${j.target} (${j.status})`);
  return cut(
    [
      `Trading signals service delivered to ${email}.`,
      ...consentLines(consent),
      `Signals delivered (${sent.length}), newest first:`,
      ...(sent.length ? sent : ['none recorded']),
      `Paid community chats (${chats.length}):`,
      ...(chats.length ? chats : ['none recorded']),
    ].join('\n'),
  );
}

/** The refund policy as published (its own page, else the terms), or a note that none is published. */
export const refundPolicyDisclosure = (refund: string, terms = ''): string =>
  cut(refund.trim() || terms.trim() || 'No refund policy text is published on the site.');
