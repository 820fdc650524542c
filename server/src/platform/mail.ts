import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/platform';

export interface MailMessage {
  enterpriseId: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise mail lands in the outbox table that admins read in the console. */
export function createMailer(deps: { db: Db; smtpUrl?: string; from: string }): Mailer {
  if (deps.smtpUrl) {
    const transporter = nodemailer.createTransport(deps.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({
          from: deps.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await deps.db.insert(mailOutbox).values({
        enterpriseId: message.enterpriseId,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
    },
    close: () => undefined,
  };
}
