import { describe, expect, it } from 'vitest';
import { priceAlertSchema } from './price-alert';

const valid = {
  title: 'GBPJPY over 197',
  condition: 'above',
  threshold: '197.000',
  instrument: 'GBPJPY',
  priority: 'high',
  isActive: true,
};

describe('price alert form', () => {
  it('accepts a complete alert', () => {
    expect(priceAlertSchema.parse(valid)).toEqual(valid);
  });

  it('gives the spec messages for missing fields', () => {
    const r = priceAlertSchema.safeParse({ ...valid, title: ' ', condition: '', threshold: '' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => i.message);
    expect(messages).toEqual(['Alert title is required', 'Alert condition is required', 'Threshold value is required']);
  });
});
