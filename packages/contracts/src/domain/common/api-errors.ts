// The error answers of the REST API (and the field details of tRPC's): what a client may rely on.

/**
 * The machine code of one field's refusal, stable whatever the message says: a client translates
 * by it. Derived from the schema's issue kinds and the product's own refusals.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid_type',
  'too_short',
  'too_long',
  'too_small',
  'too_big',
  'invalid_format',
  'invalid_value',
  'unknown_field',
  'control_character',
  'read_only',
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** What each code means (the OpenAPI document lists them). */
export const FIELD_ERROR_CODE_MEANINGS: Record<FieldErrorCode, string> = {
  required: 'missing, or empty where a value is needed',
  invalid_type: 'of the wrong type (text where a number is expected, …)',
  too_short: 'text or list shorter than allowed',
  too_long: 'text or list longer than allowed',
  too_small: 'number or date below the minimum',
  too_big: 'number or date above the maximum',
  invalid_format: 'text not in the expected form (e-mail address, URL, date, pattern, JSON)',
  invalid_value: 'not one of the allowed values, or refused by a rule (levels that do not make sense, …)',
  unknown_field: 'a field the operation does not take',
  control_character: 'text holding a control character',
  read_only: 'a field that cannot be changed (any more)',
};

/** One field's refusal: `path` is dotted (`keys.p256dh`), empty for the input as a whole. */
export interface FieldError {
  path: string;
  code: FieldErrorCode;
  message: string;
}

export const isFieldErrorCode = (value: unknown): value is FieldErrorCode =>
  typeof value === 'string' && (FIELD_ERROR_CODES as readonly string[]).includes(value);
