import { z } from 'zod';

/**
 * A number given as a number or a numeric string (forms and scripts send either). Empty, null or
 * missing answers `required`; text that is not a number answers `${label} must be a number`.
 */
export function numberish(label: string, required: string) {
  return z.union([z.number(), z.string()], { error: required }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required, params: { code: 'required' } });
      return z.NEVER;
    }
    const n = typeof text === 'number' ? text : Number(text);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number`, params: { code: 'invalid_type' } });
      return z.NEVER;
    }
    return n;
  });
}
