export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail. Adapters: SMTP (nodemailer) or `.eml` files under DATA_DIR/mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
