import { SUPPORT_EMAIL } from '@citable/contract';

export const CONTACT_CHANNELS = [
  { id: 'email', title: 'E-mail', lines: [SUPPORT_EMAIL, 'Replies within 24 hours on business days'] },
  { id: 'chat', title: 'Live chat', lines: ['Monday-Friday, 9am-5pm ET', 'From the chat button in your dashboard'] },
  { id: 'phone', title: 'Phone', lines: ['For Pro and Agency plans', 'The number is in your dashboard under Billing'] },
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
    question: 'Do you build custom solutions for larger teams?',
    answer: 'Yes. For enterprise clients we scope custom plans, limits and integrations through our sales team: choose "Sales" as the subject.',
  },
  {
    question: 'How do I upgrade my plan?',
    answer: 'Upgrade any time from your account dashboard (Billing), or write to sales if you need an annual invoice or a custom plan.',
  },
] as const;
