import { CONTACT_RATE_LIMIT, CONTACT_SUBJECT_LABELS, type contactRequestSchema } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import { hitRateLimit, type RateDecision } from './auth-rate-limit';
import type { Mailer, MailMessage } from './mailer';

export type ContactMessage = Omit<z.output<typeof contactRequestSchema>, 'consent' | 'contact_reference'>;

/** Counts one submission from this address; the counters are shared with the auth limits' table and clean-up job. */
export function hitContactRateLimit(db: Db, ip: string, now = new Date()): Promise<RateDecision> {
  return hitRateLimit(db, `contact:ip:${ip}`, CONTACT_RATE_LIMIT, now);
}

export function contactEmail(to: string, message: ContactMessage): MailMessage {
  const lines = [
    `New message from the contact form (${CONTACT_SUBJECT_LABELS[message.subject]}).`,
    '',
    `Name: ${message.name}`,
    `E-mail: ${message.email}`,
    `Company: ${message.company ?? '-'}`,
    `Website: ${message.website ?? '-'}`,
    `Subject: ${CONTACT_SUBJECT_LABELS[message.subject]}`,
    '',
    message.message,
    '',
    `Reply to ${message.email} to answer.`,
  ];
  return { to, subject: `[Contact: ${CONTACT_SUBJECT_LABELS[message.subject]}] ${message.name}`, text: lines.join('\n') };
}

/**
 * Stores the message, then tells the operator. The stored row is the record: a mail failure is
 * logged, not reported to the sender, whose message is safe either way.
 */
export async function receiveContactMessage(deps: { db: Db; mailer: Mailer; to: string | undefined; log: FastifyBaseLogger }, message: ContactMessage): Promise<void> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ name: message.name, email: message.email, company: message.company ?? null, website: message.website ?? null, subject: message.subject, message: message.message })
    .returning({ id: contactMessages.id });
  if (!deps.to) {
    deps.log.warn({ contactMessageId: row.id }, 'CONTACT_EMAIL is not set: the contact message is stored but nobody is told');
    return;
  }
  try {
    await deps.mailer.send(contactEmail(deps.to, message));
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: row.id }, 'contact message stored but the notification mail failed');
  }
}
