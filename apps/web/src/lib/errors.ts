import { TRPCClientError } from '@trpc/client';

function answered(error: unknown, status: number, code: string): boolean {
  if (error instanceof TRPCClientError) {
    const data = error.data as { httpStatus?: number; code?: string } | undefined;
    return data?.httpStatus === status || data?.code === code;
  }
  return false;
}

/** True for an error the server answered with 401 (signed out or session expired). */
export const isUnauthorized = (error: unknown) => answered(error, 401, 'UNAUTHORIZED');

/** True for an error the server answered with 403 (signed in, not allowed). */
export const isForbidden = (error: unknown) => answered(error, 403, 'FORBIDDEN');

/** True for an error the server answered with 409 (the thing is in a state that refuses the change). */
export const isConflict = (error: unknown) => answered(error, 409, 'CONFLICT');

/** The server's message when there is one, otherwise the spec's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.message) return error.message;
  if (error instanceof Error && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return fallback;
}

/** Extra fields the server adds to some errors (for example `requiresSetup` on live prices). */
export function errorFlag(error: unknown, flag: string): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const shape = error.shape as Record<string, unknown> | undefined;
  const data = error.data as Record<string, unknown> | undefined;
  return shape?.[flag] === true || data?.[flag] === true;
}
