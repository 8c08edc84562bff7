import { z } from 'zod';

/** A numeric id in a path: `/api/things/{id}`. */
export const idParam = z.object({ id: z.coerce.number().int().positive('id must be a positive whole number') });

/** Procedures that take no input over REST still need an object schema for trpc-to-openapi. */
export const noInput = z.object({}).optional();

export const messageSchema = z.object({ message: z.string() });
