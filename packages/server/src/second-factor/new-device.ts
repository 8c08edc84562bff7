import { createHash } from 'node:crypto';
import type { Context } from '../core/context';
import { newDeviceMail } from '../mail/new-device';
import { noteDevice } from './second-factor.queries';

/** A device is its user-agent and client address together. */
export function deviceFingerprint(userAgent: string, address: string): string {
  return createHash('sha256').update(`${userAgent}\n${address}`).digest('hex');
}

/**
 * Records the device an administrator signed in from; the first sign-in from a new one is
 * e-mailed to the administrator. The mail is sent in the background: a slow or failing mail
 * server never holds up or fails the sign-in (it is logged).
 */
export async function noteAdminSignIn(
  ctx: Pick<Context, 'db' | 'ports' | 'settings' | 'request' | 'log'>,
  user: { id: number; email: string },
): Promise<boolean> {
  const userAgent = ctx.request.userAgent.slice(0, 500);
  const address = ctx.request.ip.slice(0, 45);
  const isNew = await noteDevice(ctx.db, {
    userId: user.id,
    fingerprint: deviceFingerprint(userAgent, address),
    userAgent,
    address,
  });
  if (isNew) {
    ctx.ports.mailer
      .send(newDeviceMail(user.email, { at: new Date(), address, userAgent }, ctx.settings.publicUrl))
      .catch((err: unknown) => ctx.log.error({ err, userId: user.id }, 'new-device e-mail failed'));
  }
  return isNew;
}
