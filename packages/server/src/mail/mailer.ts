import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { devOutbox } from '../db/schema';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Sent over SMTP; the dev outbox keeps only their names in the log (it stores text and HTML). */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const linkPattern = /https?:\/\/[^\s"'<>]+/g;

export function extractLinks(text: string): string[] {
  // Sentence punctuation right after a link is not part of it.
  return [...new Set((text.match(linkPattern) ?? []).map((link) => link.replace(/[.,;:!?)]+$/, '')))];
}

/**
 * Sends over SMTP_URL when configured. Without it, mail is logged and kept in the dev outbox
 * table, so sign-up and password reset stay usable on a laptop and in tests.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; log: Pick<FastifyBaseLogger, 'info'> }): Mailer {
  const { smtpUrl, from, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    async send(message) {
      const links = extractLinks(message.text);
      await db.insert(devOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, links });
      const attachments = message.attachments?.map((attachment) => attachment.filename);
      log.info({ to: message.to, subject: message.subject, links, ...(attachments ? { attachments } : {}) }, 'SMTP_URL is not set: mail kept in the dev outbox');
    },
    close() {},
  };
}
