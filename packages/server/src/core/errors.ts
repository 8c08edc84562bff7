import { TRPCError } from '@trpc/server';
import { isFieldErrorCode, type FieldError, type FieldErrorCode } from '@t0/contracts/domain/common/api-errors';
import type { SecondFactorGate } from '@t0/contracts/schemas/second-factor/second-factor';

/** One field's refusal: its dotted path, a stable machine code and the message the spec shows. */
export type FieldIssue = FieldError;

/** Carries the field details of a failed validation; its name is not `ZodError` on purpose. */
export class ValidationFailure extends Error {
  override readonly name = 'ValidationFailure';
  constructor(readonly fields: FieldIssue[]) {
    super(fields[0]?.message ?? 'Invalid input');
  }
}

/**
 * A schema's issue (zod's: `code`, `origin`, a refinement's `params`) or one of the product's own
 * refusals, whose `code` is a field error code (`read_only`, `control_character` …; by default
 * `invalid_value`, or `required` when the field was not given).
 */
interface IssueLike {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
  code?: string;
  origin?: string;
  params?: { code?: unknown };
}

const libraryDefault = /^(Invalid (input|option|key|element|union|type)|Too (big|small)|Unrecognized key|Expected)/;
const LENGTHS = new Set(['string', 'array', 'set', 'file']);

/** The value at `path` in the input as it was sent (to tell a missing field from a wrong one). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The input was not passed (a refusal of the product's own, after the schema): no `required` guess. */
const NOT_GIVEN = Symbol('input not given');

/** Nothing given: left out, null, or blank text. */
const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** zod's issue kinds (a code of the product's own that is not one of them is kept as it is). */
const SCHEMA_ISSUES = new Set([
  'invalid_type',
  'too_big',
  'too_small',
  'invalid_format',
  'not_multiple_of',
  'unrecognized_keys',
  'invalid_union',
  'invalid_key',
  'invalid_element',
  'invalid_value',
  'custom',
]);

/**
 * The stable code of an issue: the product's own (`read_only` …), or the one a refinement names
 * (`params: { code }`); a field left out, null or blank is `required` whatever the schema said;
 * otherwise from zod's issue kind.
 */
function fieldCodeOf(issue: IssueLike, keys: readonly PropertyKey[], input: unknown): FieldErrorCode {
  if (issue.code === 'unrecognized_keys') return 'unknown_field';
  if (!SCHEMA_ISSUES.has(issue.code ?? '') && isFieldErrorCode(issue.code)) return issue.code;
  if (issue.code === 'custom' && isFieldErrorCode(issue.params?.code)) return issue.params.code;
  if (input !== NOT_GIVEN && isMissing(valueAt(input, keys))) return 'required';
  const length = issue.origin !== undefined && LENGTHS.has(issue.origin);
  switch (issue.code) {
    case 'invalid_type':
      return 'invalid_type';
    case 'too_small':
      return length ? 'too_short' : 'too_small';
    case 'too_big':
      return length ? 'too_long' : 'too_big';
    case 'invalid_format':
      return 'invalid_format';
    default:
      return 'invalid_value';
  }
}

/**
 * The spec's messages stand alone; a library default is prefixed with the field it concerns. `input`
 * is the input as sent, which tells a missing field (`required`) from one of the wrong type.
 */
export function toFieldIssues(issues: readonly IssueLike[], input: unknown = NOT_GIVEN): FieldIssue[] {
  return issues.map((issue) => {
    const keys = (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? p.key : p));
    const path = keys.map(String).join('.');
    const message = path && libraryDefault.test(issue.message) ? `${path}: ${issue.message}` : issue.message;
    return { path, code: fieldCodeOf(issue, keys, input), message };
  });
}

export function isIssueList(value: unknown): value is IssueLike[] {
  return Array.isArray(value) && value.every((i) => typeof i === 'object' && i !== null && 'message' in i);
}

/** Turns a schema failure inside a procedure into a 400 whose message is the first field's. */
export function validationError(issues: readonly IssueLike[], input: unknown = NOT_GIVEN): TRPCError {
  const fields = toFieldIssues(issues, input);
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: fields[0]?.message ?? 'Invalid input',
    cause: new ValidationFailure(fields),
  });
}

export const unauthorized = () => new TRPCError({ code: 'UNAUTHORIZED', message: 'Unauthorized' });
export const forbidden = (message = 'Forbidden') => new TRPCError({ code: 'FORBIDDEN', message });
export const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });
export const unavailable = (message: string) => new TRPCError({ code: 'SERVICE_UNAVAILABLE', message });

/** The cause of an answer that may be retried after a while: the HTTP layers send `Retry-After`. */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
  constructor(readonly retryAfterSeconds: number) {
    super(`Retry after ${retryAfterSeconds} s`);
  }
}

/** The `Retry-After` seconds an error asks for, if any. */
export function retryAfterOf(error: unknown): number | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  return cause instanceof RetryLater ? cause.retryAfterSeconds : undefined;
}

export const tooManyAttempts = (retryAfterSeconds: number) =>
  new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: 'Too many attempts. Please wait a minute and try again.',
    cause: new RetryLater(retryAfterSeconds),
  });

/** A 429 with its own words and `Retry-After`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new TRPCError({ code: 'TOO_MANY_REQUESTS', message, cause: new RetryLater(retryAfterSeconds) });

/**
 * Thrown by a price feed that cannot work until it is configured (for example a missing API key).
 * The error formatter puts `requiresSetup: true` on the answer, so the web shows "API Setup Required".
 */
export class SetupRequiredError extends Error {
  override readonly name = 'SetupRequiredError';
}

/** The second factor stands between the caller and the procedure: the answer carries `secondFactor: <gate>`. */
export class SecondFactorRequired extends Error {
  override readonly name = 'SecondFactorRequired';
  constructor(readonly gate: SecondFactorGate) {
    super(
      gate === 'code_required'
        ? 'Enter your authentication code to use the console'
        : 'Set up two-factor authentication to use the console',
    );
  }
}

/**
 * The body of a REST error answer, as the OpenAPI document describes it: the message (the first
 * field's for a validation error), tRPC's code, and where they apply the field details, the
 * second factor's gate and the set-up flag. Nothing else (no stack, no cause).
 */
export interface ErrorBody {
  message: string;
  code: TRPCError['code'];
  fields?: FieldIssue[];
  secondFactor?: SecondFactorGate;
  requiresSetup?: true;
}

export function errorBody(error: TRPCError): ErrorBody {
  const body: ErrorBody = {
    message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Internal server error' : error.message,
    code: error.code,
  };
  const cause = error.cause;
  const issues = (cause as { issues?: unknown } | undefined)?.issues;
  if (cause instanceof ValidationFailure) body.fields = cause.fields;
  else if (error.code === 'BAD_REQUEST' && isIssueList(issues)) {
    // A schema's failure that no procedure builder shaped: its issues as fields all the same.
    body.fields = toFieldIssues(issues);
    body.message = body.fields[0]?.message ?? body.message;
  }
  if (cause instanceof SecondFactorRequired) body.secondFactor = cause.gate;
  if (cause instanceof SetupRequiredError) body.requiresSetup = true;
  return body;
}
