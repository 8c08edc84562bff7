import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { userSchema } from '@t0/contracts/schemas/auth/auth';
import {
  recoveryCodesSchema,
  secondFactorConfirmInput,
  secondFactorDisableInput,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
  secondFactorVerifyInput,
} from '@t0/contracts/schemas/second-factor/second-factor';
import {
  confirmSecondFactor,
  disableSecondFactor,
  enrolSecondFactor,
  renewRecoveryCodes,
  secondFactorStatus,
  verifySecondFactor,
} from './second-factor.handler';
import { credentialSessionProcedure, userProcedure } from '../procedures';

const sessionOnly = 'Needs a signed-in session past its second factor: an API token gets 403.';

const tags = ['auth'];
const noInput = z.void();

/** Administrators' second factor (TOTP) and recovery codes. */
export const secondFactorRouter = {
  status: userProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/2fa',
        tags,
        protect: true,
        errorResponses: { 403: 'Neither an administrator nor an analyst account' },
        summary: "The administrator's second factor: on or off, required, this session's state, recovery codes left",
      },
    })
    .input(noInput)
    .output(secondFactorStatusSchema)
    .query(secondFactorStatus),

  verify: userProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/2fa/verify',
        errorResponses: {
          400: 'A wrong code, or this session needs none, or the account has no second factor',
          429: 'Too many codes tried',
        },
        tags,
        protect: true,
        summary:
          'Sign-in step after the password: a 6-digit code or a recovery code (each accepted once; 5 attempts a minute)',
      },
    })
    .input(secondFactorVerifyInput)
    .output(userSchema)
    .mutation(verifySecondFactor),

  enrol: credentialSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/2fa/enrol',
        errorResponses: {
          403: 'Neither an administrator nor an analyst',
          409: 'Two-factor authentication is already on',
        },
        tags,
        protect: true,
        summary: 'Start two-factor set-up: a new secret as text and as a QR code',
        description: sessionOnly,
      },
    })
    .input(noInput)
    .output(secondFactorEnrolmentSchema)
    .mutation(enrolSecondFactor),

  confirm: credentialSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/2fa/confirm',
        errorResponses: {
          400: 'A wrong code, or the set-up was not started',
          403: 'Neither an administrator nor an analyst',
          409: 'Two-factor authentication is already on',
          429: 'Too many codes tried',
        },
        tags,
        protect: true,
        summary: 'Finish set-up with a first code: answers ten recovery codes, shown once',
        description: sessionOnly,
      },
    })
    .input(secondFactorConfirmInput)
    .output(recoveryCodesSchema)
    .mutation(confirmSecondFactor),

  renewRecoveryCodes: credentialSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/2fa/recovery-codes',
        errorResponses: { 400: 'A wrong code', 403: 'The session has not given its code', 429: 'Too many codes tried' },
        tags,
        protect: true,
        summary: 'Replace the recovery codes (needs a current code)',
        description: sessionOnly,
      },
    })
    .input(secondFactorDisableInput)
    .output(recoveryCodesSchema)
    .mutation(renewRecoveryCodes),

  disable: credentialSessionProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/2fa/disable',
        errorResponses: {
          400: 'A wrong code',
          403: 'The session has not given its code, or administrators must keep it on this server',
          429: 'Too many codes tried',
        },
        tags,
        protect: true,
        summary: 'Turn two-factor authentication off (needs a current code or a recovery code)',
        description: sessionOnly,
      },
    })
    .input(secondFactorDisableInput)
    .output(userSchema)
    .mutation(disableSecondFactor),
} satisfies TRPCRouterRecord;
