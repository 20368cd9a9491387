import { createTransport } from 'nodemailer';
import type { Queryable } from '../db/types';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where the service's e-mail goes: an SMTP server, or the outbox table outside production. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Sends through the SMTP server at `url` (`smtp://user:pass@host:587`, `smtps://…:465`). */
export function smtpMailer(url: string, from: string): Mailer {
  // Short timeouts: a sign-in link that takes minutes to leave is worse than an error in the log.
  const transport = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** Keeps each message in the outbox table, for the development outbox page. */
export function outboxMailer(db: Queryable, now: () => number = Date.now): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await db.query(
        'INSERT INTO email_outbox (to_address, subject, text_body, html_body, created_at) VALUES ($1, $2, $3, $4, $5)',
        [message.to, message.subject, message.text, message.html, new Date(now())],
      );
    },
  };
}

export interface OutboxMessage extends MailMessage {
  id: number;
  createdAt: Date;
}

/** The newest messages of the outbox first. */
export async function readOutbox(db: Queryable, limit = 50): Promise<OutboxMessage[]> {
  const { rows } = await db.query<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string;
    created_at: Date;
  }>('SELECT id, to_address, subject, text_body, html_body, created_at FROM email_outbox ORDER BY id DESC LIMIT $1', [
    limit,
  ]);
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    createdAt: row.created_at,
  }));
}
