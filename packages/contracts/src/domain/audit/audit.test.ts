import { describe, expect, it } from 'vitest';
import { changedFields, redactForAudit } from './audit';

describe('audit helpers', () => {
  it('keeps only the fields that changed, on both sides', () => {
    const at = new Date('2026-11-23T10:00:00Z');
    expect(
      changedFields(
        { id: 1, memo: 'old', status: 'active', updatedAt: at, levels: [1, 2] },
        { id: 1, memo: 'new', status: 'active', updatedAt: at, levels: [1, 3], extra: true },
      ),
    ).toEqual({
      before: { memo: 'old', levels: [1, 2], extra: null },
      after: { memo: 'new', levels: [1, 3], extra: true },
    });
  });

  it('never writes secrets, however deep', () => {
    expect(redactForAudit({ email: 'a@b.c', password: 'x', nested: { code: '123456', keep: 1 } })).toEqual({
      email: 'a@b.c',
      password: '[redacted]',
      nested: { code: '[redacted]', keep: 1 },
    });
    expect(changedFields({ password: 'h1', email: 'a' }, { password: 'h2', email: 'a' })).toEqual({
      before: { password: '[redacted]' },
      after: { password: '[redacted]' },
    });
  });
});
