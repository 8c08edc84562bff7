import type { z } from 'zod';

const stableOutputs = new WeakSet<object>();

/**
 * The schema, validating each input *object* once: parsing the same (frozen, unchanging) object
 * again answers the same result. For outputs answered from a value kept in memory, such as the
 * signal list every client polls, so validation runs when the value changes, not per request.
 * Results are marked so the REST layer may also serialise them once (`isStableOutput`).
 */
export function validatedOnce<T extends z.ZodType>(schema: T): T {
  const results = new WeakMap<object, unknown>();
  const parseAsync = schema.parseAsync.bind(schema);
  const once: typeof parseAsync = async (value, params) => {
    if (!value || typeof value !== 'object' || !Object.isFrozen(value)) return parseAsync(value, params);
    const known = results.get(value) as Awaited<ReturnType<typeof parseAsync>> | undefined;
    if (known !== undefined) return known;
    const out = await parseAsync(value, params);
    if (out && typeof out === 'object') stableOutputs.add(out);
    results.set(value, out);
    return out;
  };
  Object.assign(schema, { parseAsync: once });
  return schema;
}

/** True for a result of a `validatedOnce` schema: the same object for the same input. */
export function isStableOutput(value: unknown): value is object {
  return typeof value === 'object' && value !== null && stableOutputs.has(value);
}
