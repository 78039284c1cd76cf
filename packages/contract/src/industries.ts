/** The 15 industries offered in onboarding and settings (spec 002 §3). */
export const INDUSTRIES = [
  'Technology & Software',
  'E-commerce & Retail',
  'Healthcare & Medical',
  'Finance & Banking',
  'Education & Training',
  'Marketing & Advertising',
  'Real Estate',
  'Food & Beverage',
  'Travel & Tourism',
  'Manufacturing',
  'Professional Services',
  'Non-profit',
  'Entertainment & Media',
  'Automotive',
  'Other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
