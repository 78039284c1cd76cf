/** One stop of the tour or walkthrough: the element it points at (none: centred) and what it says. */
export interface GuideStep {
  id: string;
  /** CSS selector of a real element of the dashboard; steps whose element is absent are left out. */
  target: string | null;
  title: string;
  body: string;
}

/** The guided tour (spec 002 §2.9), started from Take Tour on the overview. */
export const TOUR_STEPS: GuideStep[] = [
  { id: 'welcome', target: null, title: 'Welcome to your dashboard', body: 'A one-minute tour of where things are: your score, the tools that raise it, your alerts and your settings.' },
  { id: 'sidebar', target: 'nav[aria-label="Dashboard sections"]', title: 'Every area in one place', body: 'The sidebar switches between the overview, the tools and the advanced areas such as playbooks, history and reports.' },
  { id: 'audit', target: '[data-testid="audit-panel"]', title: 'Your AI Visibility Score', body: 'Audit your site here. The score and its four subscores show how well AI systems understand, retrieve and cite your pages, with the fixes that matter most.' },
  { id: 'tools', target: '[data-testid="sidebar-tools"]', title: 'Tools that raise the score', body: 'All Tools lists the tools of your plan: schema, summaries, voice tests, content optimization and more. Each one reads your pages and shows what to change.' },
  { id: 'alerts', target: '[data-testid="alerts-bell"]', title: 'Alerts', body: 'Score drops, new citations and issues found by your audits arrive here.' },
  { id: 'settings', target: 'header button[aria-label="Settings"]', title: 'Settings', body: 'Change your websites, competitors, industry and goals at any time. Your goals decide which tools and playbooks are recommended.' },
];

/** The first-time walkthrough shown once after onboarding (spec 002 §2.9). */
export const WALKTHROUGH_STEPS: GuideStep[] = [
  { id: 'audit', target: '[data-testid="sidebar-audit"], [data-testid="audit-panel"]', title: 'Start with an audit', body: 'Run the AI Visibility Audit on your site first: every other tool builds on what it finds.' },
  { id: 'sidebar', target: 'nav[aria-label="Dashboard sections"]', title: 'Find your way', body: 'The sidebar holds every tool and area. Tools recommended for your goals are marked.' },
  { id: 'chatbot', target: '[data-testid="genie-button"]', title: 'Ask Genie', body: 'Not sure what to do next? Genie knows your scores and opens the right tool for the job.' },
];

/** The steps whose element is on the page now, so the count shown is the count the user walks through. */
export function presentSteps(steps: GuideStep[], root: ParentNode = document): GuideStep[] {
  return steps.filter((step) => step.target === null || root.querySelector(step.target) !== null);
}
