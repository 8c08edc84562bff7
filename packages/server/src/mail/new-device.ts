import type { MailMessage } from '../ports';

export interface DeviceFacts {
  at: Date;
  address: string;
  userAgent: string;
}

/** An administrator signed in from a device (user-agent and address) not seen before. */
export function newDeviceMail(to: string, device: DeviceFacts, publicUrl: string): MailMessage {
  return {
    kind: 'new_device',
    to,
    subject: 'T0 Terminal: administrator sign-in from a new device',
    text: [
      'Your T0 Terminal administrator account was signed in to from a device it had not been used on before.',
      '',
      `Time (UTC): ${device.at.toISOString().replace('T', ' ').slice(0, 19)}`,
      `Address: ${device.address}`,
      `Browser: ${device.userAgent}`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not, change your password now (${new URL('/profile', publicUrl).toString()}) and check the audit log in the console.`,
    ].join('\n'),
  };
}
