// Fixed-decimal number text in the en-US style ("42,762.00", "0.65169"), written without Intl.
//
// The first Intl formatter a page creates loads the browser's locale data: 45 to 100 ms of main
// thread on a desktop, four times that on a phone, at the moment the landing page's ticker first
// draws its prices. Prices need nothing locale-specific, so they are formatted here.
// The result is the same text as `value.toLocaleString('en-US', { minimumFractionDigits: d,
// maximumFractionDigits: d, useGrouping })`: the number's shortest decimal form, rounded half away
// from zero (fixed-decimals.test.ts compares the two).

/** The digits of |value| in its shortest round-trip decimal form, split at the decimal point. */
function decimalParts(abs: number): { whole: string; fraction: string } {
  const text = String(abs);
  const e = text.indexOf('e');
  if (e < 0) {
    const dot = text.indexOf('.');
    return dot < 0 ? { whole: text, fraction: '' } : { whole: text.slice(0, dot), fraction: text.slice(dot + 1) };
  }
  const mantissa = text.slice(0, e);
  const exponent = Number(text.slice(e + 1));
  const dot = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const point = (dot < 0 ? mantissa.length : dot) + exponent;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits ("0999" → "1000", "99" → "100"). */
function incremented(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return '1' + out.join('');
}

const withThousands = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `value` with exactly `decimals` digits after the point, en-US style: "-1,234.50" with
 * `grouping`, "1234.50" without. Non-finite values are written as JavaScript writes them.
 */
export function formatFixedDecimals(value: number, decimals: number, grouping: boolean): string {
  if (!Number.isFinite(value)) return String(value);
  const negative = value < 0 || Object.is(value, -0);
  let { whole, fraction } = decimalParts(Math.abs(value));
  if (fraction.length > decimals) {
    const roundsUp = fraction.charCodeAt(decimals) >= 53; // '5'
    fraction = fraction.slice(0, decimals);
    if (roundsUp) {
      const sum = incremented(whole + fraction);
      whole = sum.slice(0, sum.length - decimals);
      fraction = sum.slice(sum.length - decimals);
    }
  }
  fraction = fraction.padEnd(decimals, '0');
  const text = (grouping ? withThousands(whole) : whole) + (decimals > 0 ? `.${fraction}` : '');
  return negative ? `-${text}` : text;
}
