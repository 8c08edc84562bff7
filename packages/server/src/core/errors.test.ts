import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBody, SecondFactorRequired, SetupRequiredError, toFieldIssues, validationError } from './errors';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(5, 'Name must be at most 5 characters'),
  size: z.number({ error: 'Size must be a number' }).min(1, 'Size is too small').max(9, 'Size is too big'),
  tags: z.array(z.string()).min(1, 'Give a tag'),
  mail: z.email('Not an e-mail address').optional(),
  kind: z.enum(['a', 'b'], { error: 'Kind must be a or b' }).optional(),
  even: z
    .number()
    .refine((n) => n % 2 === 0, 'Must be even')
    .optional(),
  deep: z.strictObject({ inner: z.string() }).optional(),
});

const codesOf = (input: unknown) => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return {};
  return Object.fromEntries(toFieldIssues(parsed.error.issues, input).map((f) => [f.path, f.code]));
};

describe('field error codes', () => {
  it('are derived from the schema issue kinds and the input as sent', () => {
    expect(codesOf({ size: 'x', tags: [] })).toEqual({ name: 'required', size: 'invalid_type', tags: 'too_short' });
    expect(codesOf({ name: '   ', size: null, tags: ['t'] })).toEqual({ name: 'required', size: 'required' });
    expect(codesOf({ name: 'toolong', size: 0, tags: ['t'] })).toEqual({ name: 'too_long', size: 'too_small' });
    expect(codesOf({ name: 'ok', size: 10, tags: ['t'], mail: 'x', kind: 'c', even: 3 })).toEqual({
      size: 'too_big',
      mail: 'invalid_format',
      kind: 'invalid_value',
      even: 'invalid_value',
    });
    expect(codesOf({ name: 'ok', size: 1, tags: ['t'], deep: { inner: 'x', other: 1 } })).toEqual({
      deep: 'unknown_field',
    });
  });

  it("keep the product's own codes and the one a refinement names, and default to invalid_value", () => {
    expect(
      toFieldIssues([
        { path: ['t0Hit'], code: 'read_only', message: 'T0 hit is recorded by the server' },
        { path: ['memo'], code: 'control_character', message: 'memo must not contain control characters' },
        { path: ['price'], code: 'custom', params: { code: 'invalid_type' }, message: 'price must be a number' },
        { path: ['expiresAt'], message: 'Expiry must be in the future' },
      ]).map((f) => f.code),
    ).toEqual(['read_only', 'control_character', 'invalid_type', 'invalid_value']);
  });
});

describe('the REST error body', () => {
  it('is the message and the code, with the fields, the second factor or the set-up flag where they apply', () => {
    expect(errorBody(new TRPCError({ code: 'NOT_FOUND', message: 'Signal not found' }))).toEqual({
      message: 'Signal not found',
      code: 'NOT_FOUND',
    });
    expect(errorBody(validationError([{ path: ['title'], message: 'Title is required' }], {}))).toEqual({
      message: 'Title is required',
      code: 'BAD_REQUEST',
      fields: [{ path: 'title', code: 'required', message: 'Title is required' }],
    });
    const gate = new SecondFactorRequired('code_required');
    expect(errorBody(new TRPCError({ code: 'FORBIDDEN', message: gate.message, cause: gate }))).toEqual({
      message: gate.message,
      code: 'FORBIDDEN',
      secondFactor: 'code_required',
    });
    const setup = new SetupRequiredError('no key');
    expect(
      errorBody(new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'API Setup Required', cause: setup })),
    ).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requiresSetup: true });
    expect(errorBody(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'secret detail' }))).toEqual({
      message: 'Internal server error',
      code: 'INTERNAL_SERVER_ERROR',
    });
  });
});
