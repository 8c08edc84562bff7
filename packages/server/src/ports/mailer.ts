import type { MailKind } from '@t0/contracts/domain/mail/mail-kinds';

export interface MailMessage {
  /** What the e-mail is (welcome, password reset, signal…): the e-mail log counts by it. */
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail. Adapters: SMTP (nodemailer) or `.eml` files under DATA_DIR/mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** How mail leaves: over SMTP, or as files under DATA_DIR/mail. */
  readonly transport?: 'smtp' | 'file';
  /** Checks that mail could be sent now (SMTP: connects and authenticates; files: the folder is writable). */
  verify?(): Promise<void>;
}
