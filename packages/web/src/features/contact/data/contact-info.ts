import { PLANS, PRIORITY_SUPPORT_PLAN, SUPPORT_EMAIL } from '@citable/contract';

/**
 * How to reach the team, as it really is (issue 19): e-mail and this form, read by people; Genie,
 * which is an automated assistant and says so; and priority support, which marks the messages of
 * signed-in Pro and Agency customers for the team. No phone line and no live chat exist.
 */
export const CONTACT_CHANNELS = [
  { id: 'email', title: 'E-mail', lines: [SUPPORT_EMAIL, 'Replies within 24 hours on business days'] },
  {
    id: 'priority',
    title: 'Priority support',
    lines: [`For ${PLANS[PRIORITY_SUPPORT_PLAN].name} and ${PLANS.agency.name} plans`, 'Send this form while signed in: your message reaches the team marked priority'],
  },
  { id: 'genie', title: 'Genie, the assistant', lines: ['An automated assistant, not a person', 'Answers product questions and opens the right tool'] },
  { id: 'office', title: 'Office', lines: ['Visits by appointment only', 'Write to us to arrange one'] },
] as const;

export const BUSINESS_HOURS = [
  { days: 'Monday-Friday', hours: '9:00 AM-6:00 PM ET' },
  { days: 'Saturday', hours: '10:00 AM-2:00 PM ET' },
  { days: 'Sunday', hours: 'Closed' },
] as const;

export const CONTACT_FAQ = [
  {
    question: 'How quickly will I hear back?',
    answer: 'We answer every message within 24 hours on business days, usually much sooner during business hours.',
  },
  {
    question: 'Can I connect Citable to my own systems?',
    answer: 'Yes, on your own: the REST API and the MCP server work on every plan with an API key from Settings, and WordPress and Shopify connect from the dashboard. The documentation shows how. For anything else, write to us with "Sales" as the subject.',
  },
  {
    question: 'How do I upgrade my plan?',
    answer: 'Upgrade any time from Billing in your dashboard; annual billing costs 25% less. Write to us with "Billing" as the subject for anything about an invoice.',
  },
] as const;
