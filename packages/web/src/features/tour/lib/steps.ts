import { canUseArea, PLANS, planToolCount, type PlanId } from '@citable/contract';

/** One stop of the tour or walkthrough: the element it points at (none: centred) and what it says. */
export interface GuideStep {
  id: string;
  /** CSS selector of a real element of the dashboard; steps whose element is absent are left out. */
  target: string | null;
  title: string;
  body: string;
}

/** The guided tour (spec 002 §2.9), started from Take Tour on the overview, as on the top plans. */
export const TOUR_STEPS: GuideStep[] = [
  { id: 'welcome', target: null, title: 'Welcome to your dashboard', body: 'A one-minute tour of where things are: your score, the tools that raise it, your alerts and your settings.' },
  { id: 'sidebar', target: 'nav[aria-label="Dashboard sections"]', title: 'Every area in one place', body: 'The sidebar switches between the overview, the tools and the advanced areas such as playbooks, history and reports.' },
  { id: 'audit', target: '[data-testid="audit-panel"]', title: 'Your AI Visibility Score', body: 'Audit your site here. The score and its four subscores show how well AI systems understand, retrieve and cite your pages, with the fixes that matter most.' },
  { id: 'tools', target: '[data-testid="sidebar-tools"]', title: 'Tools that raise the score', body: 'All Tools lists the tools of your plan: schema, summaries, voice tests, content optimization and more. Each one reads your pages and shows what to change.' },
  { id: 'alerts', target: '[data-testid="alerts-bell"]', title: 'Alerts', body: 'Score drops, new citations and issues found by your audits arrive here.' },
  { id: 'settings', target: 'header button[aria-label="Settings"]', title: 'Settings', body: 'Change your websites, competitors, industry and goals at any time. Your goals decide which tools and playbooks are recommended.' },
];

/** The first-time walkthrough shown once after onboarding (spec 002 §2.9), as on the top plans. */
export const WALKTHROUGH_STEPS: GuideStep[] = [
  // The overview's audit panel, which every plan runs (the sidebar's Audit tool is Core's).
  { id: 'audit', target: '[data-testid="audit-panel"]', title: 'Start with an audit', body: 'Run the AI Visibility Audit on your site first: every other tool builds on what it finds.' },
  { id: 'sidebar', target: 'nav[aria-label="Dashboard sections"]', title: 'Find your way', body: 'The sidebar holds every tool and area. Tools recommended for your goals are marked.' },
  { id: 'chatbot', target: '[data-testid="genie-button"]', title: 'Ask Genie', body: 'Not sure what to do next? Genie knows your scores and opens the right tool for the job.' },
];

/** The steps whose element is on the page now, so the count shown is the count the user walks through. */
export function presentSteps(steps: GuideStep[], root: ParentNode = document): GuideStep[] {
  return steps.filter((step) => step.target === null || root.querySelector(step.target) !== null);
}

/**
 * A step as `plan` has it (issue 33): each stop says only what the plan can do, and names the plan
 * of what it cannot, so a Free user is never sent to a padlock or told to ask Genie, which answers
 * them that it is a Core feature.
 */
function forPlan(step: GuideStep, plan: PlanId): GuideStep {
  const subscores = canUseArea(plan, 'subscores');
  const genie = canUseArea(plan, 'genie');
  const tools = planToolCount(plan);
  switch (step.id) {
    case 'audit':
      return subscores
        ? step
        : { ...step, body: `Audit your site here. Your ${PLANS[plan].name} plan shows the overall score, how well AI systems understand, retrieve and cite your pages, with the fixes that matter most; the four subscores come with the Core plan.` };
    case 'tools':
      return tools.included > 0
        ? step
        : { ...step, title: 'Tools (Core plan and up)', body: `All Tools shows every tool and the plan that has it. Your ${PLANS[plan].name} plan includes the overall score; the tools come with the Core plan.` };
    case 'sidebar':
      return tools.included > 0 ? step : { ...step, body: 'The sidebar holds every area. A padlock marks what comes with a higher plan and names it; opening it explains what it does.' };
    case 'chatbot':
      return genie ? step : { ...step, title: 'Genie (Core plan)', body: 'Genie, the assistant that knows your scores and opens the right tool for the job, comes with the Core plan.' };
    default:
      return step;
  }
}

/** The tour's steps as `plan` has them. */
export const tourSteps = (plan: PlanId): GuideStep[] => TOUR_STEPS.map((step) => forPlan(step, plan));

/** The walkthrough's steps as `plan` has them. */
export const walkthroughSteps = (plan: PlanId): GuideStep[] => WALKTHROUGH_STEPS.map((step) => forPlan(step, plan));
