/** The landing page's marketing figures as the specification shows them (fixed display text). */
export const DEFAULT_MARKETING = {
  traders: '10,000+',
  support: '24/7',
  signals: 'REAL-TIME',
  marketMoves: '90%',
  activeTraders: '847',
  activeSignals: '12',
} as const;

export const LEGAL_PAGES = ['terms', 'privacy', 'risk', 'disclosures', 'refund'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export const LEGAL_TITLES: Record<LegalPage, string> = {
  terms: 'TERMS OF SERVICE',
  privacy: 'PRIVACY POLICY',
  risk: 'RISK DISCLOSURE',
  disclosures: 'DISCLOSURES',
  refund: 'REFUND POLICY',
};

/** The pages a buyer accepts at checkout, each by its version (recorded with the started checkout). */
export const CONSENT_PAGES = ['terms', 'risk', 'refund'] as const;
export type ConsentPage = (typeof CONSENT_PAGES)[number];

/** A legal page's text until the desk saves its own (its version 0): the risk disclosure's default, else empty. */
export const builtInLegalText = (page: LegalPage): string => (page === 'risk' ? DEFAULT_RISK_DISCLOSURE : '');

/** Legal page texts are Markdown, up to this many characters. */
export const LEGAL_TEXT_MAX = 50_000;

/**
 * The risk disclosure shown until an administrator writes their own. Terms and Privacy have no
 * default: they are the operator's to write, and their pages say so until then.
 */
export const DEFAULT_RISK_DISCLOSURE = `Trading foreign exchange, indices and other leveraged products carries a high level of risk and may not be suitable for every investor. You can lose more than your initial deposit.

**T0 Terminal publishes analysis and trade ideas for information and education only.** Nothing published here is investment advice, a recommendation to buy or sell, or an offer of any financial product. We do not know your financial situation, objectives or experience, and we do not manage money or place trades for you.

- **Past results do not guarantee future returns.** The track record shows what signals did, measured by our server from market prices; your own fills, spreads, swaps, commissions and slippage will differ.
- **Prices can move quickly.** A stop loss is not guaranteed: in fast or gapping markets an order may fill at a worse price than its level.
- **Leverage works both ways.** It magnifies losses as much as gains. Decide the size of every position yourself, and never risk money you cannot afford to lose.
- **Signals can be late or wrong.** Delivery over e-mail, push or other channels can be delayed or fail; check the terminal before you act.

If you are unsure whether trading is right for you, seek advice from an independent, licensed financial adviser.`;
