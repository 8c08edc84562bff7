import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSmtpMailer, SMTP_TIMEOUTS } from './mailer';

// A mail server that accepts the connection and never says a word: the send must end with an error
// within its time limit, not hang for nodemailer's defaults.
const sockets = new Set<Socket>();
const silent = createServer((socket) => sockets.add(socket));
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  port = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

it('has time limits far below the defaults of 2 and 10 minutes', () => {
  expect(SMTP_TIMEOUTS.connectionTimeout).toBeLessThanOrEqual(10_000);
  expect(SMTP_TIMEOUTS.greetingTimeout).toBeLessThanOrEqual(10_000);
  expect(SMTP_TIMEOUTS.socketTimeout).toBeLessThanOrEqual(30_000);
});

it('fails a send to a silent server once the greeting limit passes (SMTP_URL may shorten it)', async () => {
  const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?greetingTimeout=300`, 'T0 <no-reply@t0.test>');
  const started = Date.now();
  try {
    await expect(mailer.send({ kind: 'welcome', to: 'a@t0.test', subject: 's', text: 't' })).rejects.toThrow(
      /greeting/i,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
  } finally {
    mailer.close();
  }
});
