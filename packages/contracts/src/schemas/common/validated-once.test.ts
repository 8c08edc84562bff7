import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStableOutput, validatedOnce } from './validated-once';

describe('validatedOnce', () => {
  const item = z.object({ id: z.number(), name: z.string() });

  it('answers the same result for the same frozen object, and marks it stable', async () => {
    const schema = validatedOnce(z.array(item));
    const kept = Object.freeze([Object.freeze({ id: 1, name: 'a', extra: true })]);
    const first = await schema.parseAsync(kept);
    expect(first).toEqual([{ id: 1, name: 'a' }]); // unknown keys still stripped
    expect(await schema.parseAsync(kept)).toBe(first);
    expect(isStableOutput(first)).toBe(true);
  });

  it('validates objects that may change every time, and never keeps a failure', async () => {
    const schema = validatedOnce(z.array(item));
    const open = [{ id: 1, name: 'a' }];
    const a = await schema.parseAsync(open);
    expect(await schema.parseAsync(open)).not.toBe(a);
    expect(isStableOutput(a)).toBe(false);
    const bad = Object.freeze([Object.freeze({ id: 'x', name: 'a' })]);
    await expect(schema.parseAsync(bad)).rejects.toThrow();
    await expect(schema.parseAsync(bad)).rejects.toThrow();
  });
});
