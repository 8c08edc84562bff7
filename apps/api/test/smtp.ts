import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  receivedAt: number;
}

export interface FakeSmtp {
  /** For SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** 'reject' answers every message with a temporary failure (451). */
  mode: 'accept' | 'reject';
  /** Recipients refused (550) even in 'accept' mode. */
  refuse: Set<string>;
  rejected: number;
  /** While set, every message waits at MAIL FROM until it settles; `held` counts those that waited. */
  hold: Promise<void> | null;
  held: number;
  close(): Promise<void>;
}

/** A real SMTP server process on a free local port (the `smtp-server` package), keeping what it receives. */
export async function startSmtpServer(): Promise<FakeSmtp> {
  const state: FakeSmtp = {
    url: '',
    received: [],
    mode: 'accept',
    refuse: new Set(),
    rejected: 0,
    hold: null,
    held: 0,
    close: async () => undefined,
  };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      const answer = () => {
        if (state.mode === 'reject') {
          state.rejected += 1;
          return callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 }));
        }
        callback();
      };
      if (!state.hold) return answer();
      state.held += 1;
      void state.hold.then(answer);
    },
    onRcptTo(address, _session, callback) {
      if (state.refuse.has(address.address.toLowerCase())) {
        state.rejected += 1;
        return callback(Object.assign(new Error('Recipient refused'), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            receivedAt: Date.now(),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  state.url = `smtp://127.0.0.1:${port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
