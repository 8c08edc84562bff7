import { TRPCError } from '@trpc/server';
import type { SecondFactorGate } from '@t0/contracts/schemas/second-factor';

export interface FieldIssue {
  path: string;
  message: string;
}

/** Carries the field details of a failed validation; its name is not `ZodError` on purpose. */
export class ValidationFailure extends Error {
  override readonly name = 'ValidationFailure';
  constructor(readonly fields: FieldIssue[]) {
    super(fields[0]?.message ?? 'Invalid input');
  }
}

interface IssueLike {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
}

const libraryDefault = /^(Invalid (input|option|key|element|union|type)|Too (big|small)|Unrecognized key|Expected)/;

/** The spec's messages stand alone; a library default is prefixed with the field it concerns. */
export function toFieldIssues(issues: readonly IssueLike[]): FieldIssue[] {
  return issues.map((issue) => {
    const path = (issue.path ?? [])
      .map((p) => (typeof p === 'object' && p !== null ? String(p.key) : String(p)))
      .join('.');
    const message = path && libraryDefault.test(issue.message) ? `${path}: ${issue.message}` : issue.message;
    return { path, message };
  });
}

export function isIssueList(value: unknown): value is IssueLike[] {
  return Array.isArray(value) && value.every((i) => typeof i === 'object' && i !== null && 'message' in i);
}

/** Turns a schema failure inside a procedure into a 400 whose message is the first field's. */
export function validationError(issues: readonly IssueLike[]): TRPCError {
  const fields = toFieldIssues(issues);
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
