import { z } from 'zod';

/* Contact Us (spec 000 §2, §3, §5) ------------------------------------------------------------- */

/** The support team's published address, shown on the contact, help and legal pages. */
export const SUPPORT_EMAIL = 'support@citable.app';

export const CONTACT_SUBJECTS = ['general', 'sales', 'support', 'billing', 'partnership'] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: 'General inquiry',
  sales: 'Sales',
  support: 'Technical support',
  billing: 'Billing',
  partnership: 'Partnership',
};

/**
 * The contact form's hidden trap field. People never see it (visually hidden, aria-hidden, out of
 * the tab order); form-filling bots do, and a filled value marks the submission as spam.
 */
export const CONTACT_HONEYPOT_FIELD = 'contact_reference';

/** Contact submissions allowed per IP address per hour. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 60 * 60_000 } as const;

export const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages from your network. Please try again in an hour, or write to us by e-mail.';

// Optional text fields arrive as "" from an untouched input; both mean "not given".
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .optional()
  .refine((value) => !value || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)), 'Enter a full http(s) address such as https://example.com')
  .transform((value) => (value ? value : undefined));

export const contactRequestSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name').max(200),
  email: z.email('Enter a valid e-mail address').max(320),
  company: optionalText(200),
  website: optionalUrl,
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string().trim().min(1, 'Enter a message').max(5000),
  /** Must be ticked to send; not stored (spec 000 §3). */
  consent: z.literal(true, 'Agree to the privacy policy to send a message'),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

export const contactResponseSchema = z.object({ ok: z.literal(true) });

/* System Status (spec 000 §2, §3, §4) ---------------------------------------------------------- */

export const SERVICE_STATUSES = ['operational', 'partial_outage', 'major_outage', 'maintenance'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_STATUS_LABELS: Record<ServiceStatus, string> = {
  operational: 'Operational',
  partial_outage: 'Partial Outage',
  major_outage: 'Major Outage',
  maintenance: 'Maintenance',
};

export const OVERALL_STATUS_TITLES: Record<ServiceStatus, string> = {
  operational: 'All Systems Operational',
  partial_outage: 'Partial System Outage',
  major_outage: 'Major System Outage',
  maintenance: 'System Maintenance',
};

/** The spec's display of any value outside the four: "Unknown". */
export function serviceStatusLabel(status: string): string {
  return (SERVICE_STATUS_LABELS as Record<string, string>)[status] ?? 'Unknown';
}

/**
 * The worst status present (spec 000 §4): major outage if any is major, else partial, else
 * maintenance, else operational. Values outside the four carry no information and are skipped.
 */
export function worstStatus(statuses: readonly string[]): ServiceStatus {
  for (const level of ['major_outage', 'partial_outage', 'maintenance'] as const) {
    if (statuses.includes(level)) return level;
  }
  return 'operational';
}

export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export const MAINTENANCE_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time with a zone, e.g. 2025-06-01T14:30:00Z' });

export const incidentSchema = z.strictObject({
  id: z.string().regex(/^INC-\d{4}-\d{2}-\d{2}(-[A-Za-z0-9]+)?$/, 'must look like INC-2025-06-01 (a suffix such as INC-2025-06-01-2 is allowed)'),
  title: z.string().min(1).max(200),
  status: z.enum(INCIDENT_STATUSES),
  started: instant,
  /** Empty while the incident is active. */
  resolved: instant.nullable().default(null),
  updates: z.array(z.strictObject({ at: instant, message: z.string().min(1).max(2000) })).default([]),
});
export type Incident = z.infer<typeof incidentSchema>;

export const maintenanceSchema = z.strictObject({
  id: z.string().min(1).max(100),
  title: z.string().min(1).max(200),
  status: z.enum(MAINTENANCE_STATUSES),
  start: instant,
  end: instant,
  description: z.string().max(2000).default(''),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;

/** The operator's status file (STATUS_FILE, status.yaml by default). */
export const statusFileSchema = z.strictObject({
  incidents: z.array(incidentSchema).default([]),
  maintenance: z.array(maintenanceSchema).default([]),
});
export type StatusFile = z.infer<typeof statusFileSchema>;

export const statusComponentSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(SERVICE_STATUSES),
  /** How long the check took; null when the component is not measured by a timed call. */
  latencyMs: z.number().nullable(),
  /** One line on what was checked or what failed. */
  detail: z.string(),
});
export type StatusComponent = z.infer<typeof statusComponentSchema>;

export const statusGroupSchema = z.object({
  name: z.string(),
  status: z.enum(SERVICE_STATUSES),
  components: z.array(statusComponentSchema),
});
export type StatusGroup = z.infer<typeof statusGroupSchema>;

export const statusResponseSchema = z.object({
  overall: z.enum(SERVICE_STATUSES),
  groups: z.array(statusGroupSchema),
  incidents: z.array(incidentSchema),
  maintenance: z.array(maintenanceSchema),
  /** When the health checks ran (ISO 8601). */
  checkedAt: z.string(),
  /** Set when the status file could not be read or validated; incidents and maintenance are then empty. */
  fileError: z.string().nullable(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;
