// The local test-mode checkout page: server-rendered HTML in the product's dark terminal look.
// No script (the content security policy allows none inline), one plain form.

import { planTermsText, type PlanOffer } from '@t0/contracts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Checks the simulated card: only the published test numbers are accepted, never a real card. */
export function validateTestCard(card: TestCard, now = new Date()): { status: number; message: string } | null {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { status: 400, message: 'Enter a card number.' };
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  if (!m) return { status: 400, message: 'Enter the expiry date as MM/YY.' };
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return { status: 400, message: 'Enter the expiry date as MM/YY.' };
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return { status: 400, message: 'Your card has expired.' };
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { status: 400, message: 'Enter the 3 or 4 digit security code.' };
  if (number === TEST_CARDS.declined) return { status: 402, message: 'Your card was declined.' };
  if (number === TEST_CARDS.insufficientFunds) return { status: 402, message: 'Your card has insufficient funds.' };
  if (number !== TEST_CARDS.success) {
    return {
      status: 400,
      message: 'Test mode accepts test cards only: use 4242 4242 4242 4242. Never enter a real card here.',
    };
  }
  return null;
}

const style = `
:root{color-scheme:dark}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:#080a0d;color:#dfe5ea;font-family:'JetBrains Mono','Fira Code',ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono',monospace;font-variant-numeric:tabular-nums;display:flex;align-items:center;justify-content:center;padding:24px 16px}
main{width:100%;max-width:440px;background:#12171c;border:1px solid #3a434d;border-radius:4px;padding:24px}
.mode{display:block;text-align:center;background:#ffc107;color:#080a0d;font-weight:700;letter-spacing:.12em;padding:6px 8px;border-radius:2px;margin:0 0 20px}
h1{font-size:18px;letter-spacing:.08em;margin:0 0 4px;color:#16d865}
p{line-height:1.5;margin:0 0 12px}
.muted{color:#9aa5b1;font-size:13px}
dl{display:grid;grid-template-columns:auto 1fr;gap:4px 12px;margin:16px 0;font-size:14px}
dt{color:#9aa5b1;text-transform:uppercase;letter-spacing:.08em;font-size:12px;align-self:center}
dd{margin:0;word-break:break-all}
dd.trial{word-break:normal}
label{display:block;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#9aa5b1;margin:14px 0 6px}
input{width:100%;background:#080a0d;color:#dfe5ea;border:1px solid #3a434d;border-radius:2px;padding:10px 12px;font:inherit;font-size:15px}
input:focus{outline:2px solid #16d865;outline-offset:1px;border-color:#16d865}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
button{margin-top:20px;width:100%;background:#16d865;color:#080a0d;border:0;border-radius:2px;padding:12px;font:inherit;font-weight:700;letter-spacing:.1em;cursor:pointer}
button.fail{margin-top:10px;background:transparent;color:#ffb3bb;border:1px solid #ff5c6c}
button:focus-visible{outline:2px solid #dfe5ea;outline-offset:2px}
.error{background:#2a0f12;border:1px solid #ff5c6c;color:#ffb3bb;padding:10px 12px;border-radius:2px;margin:12px 0}
a{color:#16d865}
.back{margin:16px 0 0;text-align:center;font-size:14px}
.legal{margin:12px 0 0;font-size:13px}
`;

function layout(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${style}</style></head>
<body><main>${body}</main></body></html>`;
}

export function checkoutPage(opts: {
  session: string;
  email: string;
  /** The plan's key (shown when the plan itself cannot be read). */
  plan: string;
  /** The plan being bought: its name, terms, price and rooms. */
  offer?: PlanOffer | undefined;
  /** Free days before the first payment (0: none). */
  trialDays?: number;
  promotionCode?: string;
  error?: string;
  card?: TestCard;
}): string {
  const card = opts.card ?? { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', name: '' };
  const trialDays = opts.trialDays ?? 0;
  const offer = opts.offer;
  const recurring = offer === undefined || offer.terms === 'recurring';
  const planRows = offer
    ? `<dt>Plan</dt><dd data-testid="checkout-plan" class="trial">${esc(offer.name)}</dd><dt>Terms</dt><dd data-testid="checkout-terms" class="trial">${esc(termsOf(offer))}</dd><dt>Price</dt><dd data-testid="checkout-price" class="trial">${esc(offer.label)}</dd>${offer.rooms.length > 0 ? `<dt>Rooms</dt><dd data-testid="checkout-rooms" class="trial">${esc(offer.rooms.map((r) => r.name).join(', '))}</dd>` : ''}`
    : `<dt>Plan</dt><dd data-testid="checkout-plan">${esc(opts.plan.toUpperCase())}</dd>`;
  const trial =
    trialDays > 0
      ? `<dt>Free trial</dt><dd data-testid="checkout-trial" class="trial">${trialDays} day${trialDays === 1 ? '' : 's'}, then the price above (cancel before to pay nothing)</dd>`
      : '';
  return layout(
    'T0 Terminal checkout (TEST MODE)',
    `<strong class="mode" role="status">TEST MODE: NO REAL PAYMENT</strong>
<h1>T0 TERMINAL CHECKOUT</h1>
<p class="muted">This server has no payment provider configured, so this page simulates one. No card is charged; of what you type here only the card number's last four digits are kept (shown under Billing).</p>
<dl><dt>Account</dt><dd>${esc(opts.email)}</dd>${planRows}${trial}</dl>
${opts.error ? `<div class="error" role="alert">${esc(opts.error)}</div>` : ''}
<form method="post" action="/checkout/test" autocomplete="off">
<input type="hidden" name="session" value="${esc(opts.session)}">
<label for="cardNumber">Test card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" value="${esc(card.number)}" required>
<div class="row"><div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" value="${esc(card.expiry)}" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" value="${esc(card.cvc)}" required></div></div>
<label for="name">Name on card</label>
<input id="name" name="name" value="${esc(card.name)}" autocomplete="off">
${
  recurring
    ? `<label for="promotionCode">Promotion code (optional)</label>
<input id="promotionCode" name="promotionCode" value="${esc(opts.promotionCode ?? '')}" autocomplete="off" maxlength="40">`
    : ''
}
<button type="submit" name="outcome" value="pay">${trialDays > 0 ? 'START FREE TRIAL (TEST)' : recurring ? 'PAY AND ACTIVATE (TEST)' : 'PAY ONCE AND ACTIVATE (TEST)'}</button>
<button type="submit" name="outcome" value="fail" class="fail">SIMULATE FAILED PAYMENT</button>
</form>
<p class="muted legal">By paying you accept the <a href="/terms">Terms of service</a> and the <a href="/refund">Refund policy</a>, and confirm you have read the <a href="/risk">Risk disclosure</a>. <a href="/privacy">Privacy policy</a>.</p>
<p class="back"><a href="/?checkout=canceled">&larr; Cancel and go back to T0 Terminal</a></p>
<p class="muted" style="margin-top:16px">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined. A declined payment is recorded like a real one: a running subscription falls past due (access continues through the grace period); a new one is not activated.</p>`,
  );
}

/** The terms in words, with what they mean for access: "Quarterly · every 3 months, renews until cancelled". */
function termsOf(offer: PlanOffer): string {
  const text = planTermsText(offer);
  switch (offer.terms) {
    case 'recurring':
      return `${text}, renews until cancelled`;
    case 'pass':
      return `${text} of access from the payment, no renewal`;
    case 'lifetime':
      return 'Lifetime access, paid once';
    case 'free':
      return text;
  }
}

export function goneCheckoutPage(message: string): string {
  return layout(
    'T0 Terminal checkout (TEST MODE)',
    `<strong class="mode" role="status">TEST MODE: NO REAL PAYMENT</strong>
<h1>CHECKOUT UNAVAILABLE</h1>
<p>${esc(message)}</p>
<p><a href="/">Back to T0 Terminal</a></p>`,
  );
}
