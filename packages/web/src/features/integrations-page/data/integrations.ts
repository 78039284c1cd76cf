import { CMS_NAMES, CMS_REQUIRED_PLAN, CMS_TYPES, isConnectableCms, PLANS, type PlanId } from '@citable/contract';

export type IntegrationCategory = 'cms' | 'developer' | 'notifications';

export interface Integration {
  id: string;
  name: string;
  category: IntegrationCategory;
  description: string;
  /**
   * True only for what this installation really offers today. Each feature flips its own entry
   * when it ships, so the page never advertises a connector that does not exist.
   */
  available: boolean;
  /** The lowest plan that includes it, where plans differ. */
  plan?: PlanId;
}

export const CATEGORIES: { id: IntegrationCategory; title: string; description: string }[] = [
  { id: 'cms', title: 'CMS platforms', description: 'Publish Citable\'s fixes (schema, summaries, FAQs) straight to your site and keep audits in sync with your content.' },
  { id: 'developer', title: 'Developer tools', description: 'Run audits from your terminal, your CI pipeline or your own code.' },
  { id: 'notifications', title: 'Notifications', description: 'Hear about score drops and new issues where your team already works.' },
];

const CMS_DESCRIPTIONS: Record<(typeof CMS_TYPES)[number], string> = {
  wordpress: 'Publish optimized content and JSON-LD schema to posts, and sync posts to audit them.',
  squarespace: 'Audit and update pages of Squarespace sites.',
  shopify: 'Update product descriptions, add Product schema, and sync products to audit them.',
  webflow: 'Sync CMS collections and publish structured data.',
  contentful: 'Read entries from your space and suggest improvements.',
  drupal: 'Nodes and content types for large editorial sites.',
};

export const INTEGRATIONS: readonly Integration[] = [
  ...CMS_TYPES.map((type) => ({ id: type, name: CMS_NAMES[type], category: 'cms' as const, description: CMS_DESCRIPTIONS[type], available: isConnectableCms(type), plan: CMS_REQUIRED_PLAN[type] })),
  {
    id: 'cli',
    name: 'Command line',
    category: 'developer',
    description: 'The citable command audits a URL or a local file, or crawls a whole site, and prints a report or JSON. --min-score fails a CI build when a page scores too low.',
    available: true,
  },
  { id: 'rest-api', name: 'REST API', category: 'developer', description: 'Start audits and read results over HTTPS with an API key.', available: false },
  { id: 'email-alerts', name: 'E-mail alerts', category: 'notifications', description: 'A message when a monitored page loses points or gains a new high-priority issue.', available: false },
  { id: 'slack', name: 'Slack', category: 'notifications', description: 'Audit summaries and alerts posted to a channel.', available: false },
  { id: 'webhooks', name: 'Webhooks', category: 'notifications', description: 'A signed HTTP call to your endpoint when an audit completes.', available: false },
];

export function planLabel(plan: PlanId): string {
  return `${PLANS[plan].name} plan and above`;
}

/** A real command of packages/cli. */
export const CLI_SNIPPET = `citable audit https://example.com --json
citable crawl https://example.com --min-score 70`;

/** Spec 002 §2.14: how an audit request will look; illustrative until the public API exists. */
export const API_SNIPPET = `curl -X POST https://citable.app/api/v1/audits \\
  -H "Authorization: Bearer YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com"}'`;
