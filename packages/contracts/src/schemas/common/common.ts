import { z } from 'zod';

/** A numeric id in a path: `/api/things/{id}`. */
export const idParam = z.object({ id: z.coerce.number().int().positive('id must be a positive whole number') });

/** Procedures that take no input over REST still need an object schema for trpc-to-openapi. */
export const noInput = z.object({}).optional();

export const messageSchema = z.object({ message: z.string() });

/** An optional date of a list's filter (YYYY-MM-DD or ISO 8601), named `label` in its error; empty: none. */
export const dateParam = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const date = new Date(v);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD or ISO 8601)` });
        return z.NEVER;
      }
      return date;
    });
