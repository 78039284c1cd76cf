import { CONTACT_RATE_LIMIT, CONTACT_SUBJECT_LABELS, hasPrioritySupport, PLANS, type contactRequestSchema, type PlanId } from '@citable/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { hitRateLimit, type RateDecision } from '../../auth/auth-rate-limit';
import type { Mailer, MailMessage } from '../../mail/mailer';

export type ContactMessage = Omit<z.output<typeof contactRequestSchema>, 'consent' | 'contact_reference'>;

/** Who sent the message when they were signed in: the account and the plan that applies to it. */
export interface ContactSender {
  email: string;
  plan: PlanId;
}

/** Counts one submission from this address; the counters are shared with the auth limits' table and clean-up job. */
export function hitContactRateLimit(db: Db, ip: string, now = new Date()): Promise<RateDecision> {
  return hitRateLimit(db, `contact:ip:${ip}`, CONTACT_RATE_LIMIT, now);
}

export function contactEmail(to: string, message: ContactMessage, sender: ContactSender | null = null): MailMessage {
  const priority = sender !== null && hasPrioritySupport(sender.plan);
  const lines = [
    `New message from the contact form (${CONTACT_SUBJECT_LABELS[message.subject]}).`,
    ...(priority ? [`PRIORITY SUPPORT: sent signed in on the ${PLANS[sender.plan].name} plan, which includes priority support. Answer it first.`] : []),
    '',
    `Name: ${message.name}`,
    `E-mail: ${message.email}`,
    `Company: ${message.company ?? '-'}`,
    `Website: ${message.website ?? '-'}`,
    `Subject: ${CONTACT_SUBJECT_LABELS[message.subject]}`,
    `Account: ${sender ? `${sender.email}, ${PLANS[sender.plan].name} plan` : 'not signed in'}`,
    '',
    message.message,
    '',
    `Reply to ${message.email} to answer.`,
  ];
  return { to, subject: `${priority ? '[Priority] ' : ''}[Contact: ${CONTACT_SUBJECT_LABELS[message.subject]}] ${message.name}`, text: lines.join('\n') };
}

/**
 * Stores the message, then tells the operator. A message sent signed in on a plan with priority
 * support is stored and mailed as priority (issue 19: the plan's "Priority support"). The stored row is the record: a mail failure is
 * logged, not reported to the sender, whose message is safe either way.
 */
export async function receiveContactMessage(
  deps: { db: Db; mailer: Mailer; to: string | undefined; log: FastifyBaseLogger },
  message: ContactMessage,
  sender: ContactSender | null = null,
): Promise<void> {
  const [row] = await deps.db
    .insert(contactMessages)
    .values({
      name: message.name,
      email: message.email,
      company: message.company ?? null,
      website: message.website ?? null,
      subject: message.subject,
      message: message.message,
      senderPlan: sender?.plan ?? null,
      priority: sender !== null && hasPrioritySupport(sender.plan),
    })
    .returning({ id: contactMessages.id });
  if (!deps.to) {
    deps.log.warn({ contactMessageId: row.id }, 'CONTACT_EMAIL is not set: the contact message is stored but nobody is told');
    return;
  }
  try {
    await deps.mailer.send(contactEmail(deps.to, message, sender));
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: row.id }, 'contact message stored but the notification mail failed');
  }
}
