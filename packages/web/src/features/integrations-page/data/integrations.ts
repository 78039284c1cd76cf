import { CMS_NAMES, CMS_REQUIRED_PLAN, CMS_TYPES, isConnectableCms, PLANS, UNSUPPORTED_CMS, type PlanId } from '@citable/contract';

export type IntegrationCategory = 'cms' | 'developer' | 'notifications';

export interface Integration {
  id: string;
  name: string;
  category: IntegrationCategory;
  description: string;
  /**
   * True only for what this installation really offers today (the REST API, outgoing webhooks
   * and the WordPress, Shopify, Webflow, Contentful and Drupal connectors work). What does not
   * exist is said plainly, with no promise of a date, and with what to use instead.
   */
  available: boolean;
  /** The lowest plan that includes it, where plans differ. */
  plan?: PlanId;
  /** Where to read how to use it, and where to set it up. */
  links?: { label: string; to: string }[];
}

export const CATEGORIES: { id: IntegrationCategory; title: string; description: string }[] = [
  { id: 'cms', title: 'CMS platforms', description: 'Publish Citable\'s fixes (optimised content and schema) straight to your site and sync your content to audit it.' },
  { id: 'developer', title: 'Developer tools', description: 'Run audits and tools from your terminal, your CI pipeline, your own code or an AI assistant.' },
  { id: 'notifications', title: 'Notifications', description: 'Hear about score changes and new issues.' },
];

const CMS_DESCRIPTIONS: Record<(typeof CMS_TYPES)[number], string> = {
  wordpress: 'Publish optimized content and JSON-LD schema to posts, and sync posts to audit them. Connects with an application password.',
  shopify: 'Update product descriptions, add Product schema, and sync products to audit them. Connects with an Admin API access token.',
  webflow: 'Sync CMS collection items to audit them, and write optimized content and JSON-LD into an item\'s fields, as a draft or live. Connects with a Data API v2 site token.',
  contentful: 'Sync entries to audit their text, and write optimized content and JSON-LD into entry fields, saved or published. Connects with a space id, environment and Content Management token.',
  drupal: 'Sync nodes through JSON:API to audit them, create unpublished articles and add JSON-LD to a node\'s body. Connects over https with Basic auth or OAuth2 client credentials.',
};

const CMS_DOCS: Partial<Record<(typeof CMS_TYPES)[number], string>> = {
  wordpress: '/docs/wordpress-integration',
  shopify: '/docs/shopify-integration',
  webflow: '/docs/webflow-integration',
  contentful: '/docs/contentful-integration',
  drupal: '/docs/drupal-integration',
};

/** Where a signed-in user connects a CMS: the dashboard's CMS Integrations section. */
export const CMS_SETTINGS_PATH = '/dashboard?section=integrations';
/** Where API keys are created: the dashboard's Settings. */
export const API_KEYS_PATH = '/dashboard?section=settings';
/** Where outgoing webhooks are set up: the dashboard's Settings (its Webhooks part). */
export const WEBHOOKS_PATH = '/dashboard?section=settings';

export const INTEGRATIONS: readonly Integration[] = [
  ...CMS_TYPES.map((type) => {
    const available = isConnectableCms(type);
    const docs = CMS_DOCS[type];
    return {
      id: type,
      name: CMS_NAMES[type],
      category: 'cms' as const,
      description: CMS_DESCRIPTIONS[type],
      available,
      ...(available ? { plan: CMS_REQUIRED_PLAN[type] } : {}),
      links: [...(docs ? [{ label: 'Documentation', to: docs }] : []), ...(available ? [{ label: 'Connect', to: CMS_SETTINGS_PATH }] : [])],
    };
  }),
  // Platforms with no API to connect to: listed so nobody looks for them in vain, sold by no plan.
  ...UNSUPPORTED_CMS.map((platform) => ({ id: platform.id, name: platform.name, category: 'cms' as const, description: `No connector: ${platform.reason} ${platform.instead}`, available: false })),
  {
    id: 'cli',
    name: 'Command line',
    category: 'developer',
    description: 'The citable command audits a URL or a local file, or crawls a whole site, and prints a report or JSON. --min-score fails a CI build when a page scores too low.',
    available: true,
  },
  {
    id: 'rest-api',
    name: 'REST API',
    category: 'developer',
    description: 'Start page and site audits, read their reports and run every tool over HTTPS with an API key, under the same plan rules as the dashboard. An OpenAPI document describes it.',
    available: true,
    links: [
      { label: 'Documentation', to: '/docs/api-overview' },
      { label: 'API keys', to: API_KEYS_PATH },
    ],
  },
  {
    id: 'mcp',
    name: 'MCP server',
    category: 'developer',
    description: 'Connect Claude Desktop, Cursor or any Model Context Protocol client: audit pages, read scores and issues, generate schema and check citations from your assistant.',
    available: true,
    links: [{ label: 'Documentation', to: '/docs/custom-integrations' }],
  },
  {
    id: 'digest',
    name: 'Weekly e-mail digest',
    category: 'notifications',
    description: 'On Mondays, when the week brought news: your score changes, new alerts, AI mentions and the three fixes worth the most points. Every digest has an unsubscribe link.',
    available: true,
    plan: 'pro',
  },
  { id: 'slack', name: 'Slack', category: 'notifications', description: 'No Slack app: the weekly digest comes by e-mail, and the REST API can feed a bot of your own.', available: false },
  {
    id: 'webhooks',
    name: 'Webhooks',
    category: 'notifications',
    description: 'Signed HTTPS calls to your own endpoint when an audit completes, a score drops 10 points or more, or your tracked citations change; retried when your endpoint fails, with a delivery log. Set them up in Settings → Webhooks, on every plan.',
    available: true,
    links: [
      { label: 'Documentation', to: '/docs/webhooks' },
      { label: 'Set up', to: WEBHOOKS_PATH },
    ],
  },
];

export function planLabel(plan: PlanId): string {
  return `${PLANS[plan].name} plan and above`;
}

/** A real command of packages/cli. */
export const CLI_SNIPPET = `citable audit https://example.com --json
citable crawl https://example.com --min-score 70`;

/** A real call of the REST API (POST /api/v1/audits): the address of your Citable and a key from Settings. */
export const API_SNIPPET = `curl -X POST https://your-citable-address/api/v1/audits \\
  -H "Authorization: Bearer <your API key>" \\
  -H "Content-Type: application/json" \\
  -d '{"url": "https://example.com"}'`;
