import { PLANS } from '@citable/contract';

/** When the Help Centre page was first published and last changed; bump `updated` with each content change. */
export const HELP_CENTRE_DATES = { published: '2026-11-22', updated: '2026-11-27' } as const;

export interface OverviewStep {
  name: string;
  text: string;
  /** The help article that covers the step in full. */
  article: string;
}

/** From sign-up to the first fix: the overview at the top of the Help Centre and its HowTo markup. */
export const FIRST_AUDIT_STEPS: OverviewStep[] = [
  {
    name: 'Create your account',
    text: `Sign up and add your website during onboarding. The Free plan covers ${PLANS.free.websitesLimit} website and ${PLANS.free.competitorsLimit} competitor and shows your overall score, with no card needed.`,
    article: 'adding-sites-and-competitors',
  },
  {
    name: 'Add your competitors',
    text: 'Pick the sites that already appear in AI answers for your topic. You can change your websites and competitors at any time in Settings.',
    article: 'adding-sites-and-competitors',
  },
  {
    name: 'Run an audit',
    text: 'Every plan audits, Free included: on your dashboard\'s Overview, choose the website, the entire site or a specific page, and Run Audit. A single page usually takes a few seconds.',
    article: 'running-your-first-audit',
  },
  {
    name: 'Fix the top issues',
    text: 'Issues are ordered by the points they cost. Fix the first two or three, publish, and audit again to see the new score.',
    article: 'fixing-the-top-issues',
  },
];
