/**
 * CMS Integrations (spec 002 §2.6, §3, §4, §5, §7.1, §8): the catalogue, the stored connection as
 * the browser sees it (never its credentials), the function payloads and the messages. Which plan
 * unlocks which CMS lives in entitlements.ts (CMS_REQUIRED_PLAN).
 */
import { z } from 'zod';
import { CMS_NAMES, CMS_REQUIRED_PLAN, CMS_TYPES, type CmsType } from './entitlements';
import type { PlanId } from './plans';

export const cmsTypeSchema = z.enum(CMS_TYPES as [CmsType, ...CmsType[]]);

/** Connectors with a real client on the server; any other type would be listed as coming soon. */
export const CONNECTABLE_CMS_TYPES = ['wordpress', 'shopify', 'webflow', 'contentful', 'drupal'] as const satisfies readonly CmsType[];
export type ConnectableCmsType = (typeof CONNECTABLE_CMS_TYPES)[number];

export function isConnectableCms(type: CmsType): type is ConnectableCmsType {
  return (CONNECTABLE_CMS_TYPES as readonly CmsType[]).includes(type);
}

export interface CmsCatalogueEntry {
  cms_type: CmsType;
  name: string;
  description: string;
  status: 'available' | 'coming_soon';
  planRequired: PlanId;
  features: string[];
  setupSteps: string[];
}

const entry = (cms_type: CmsType, description: string, features: string[], setupSteps: string[]): CmsCatalogueEntry => ({
  cms_type,
  name: CMS_NAMES[cms_type],
  description,
  status: isConnectableCms(cms_type) ? 'available' : 'coming_soon',
  planRequired: CMS_REQUIRED_PLAN[cms_type],
  features,
  setupSteps,
});

export const CMS_CATALOGUE: CmsCatalogueEntry[] = [
  entry(
    'wordpress',
    'Publish optimized content and schema to WordPress posts and audit your posts from the dashboard.',
    ['Create draft posts from optimized content', 'Update an existing post by id', 'Add generated JSON-LD schema to a post', 'Sync posts and audit each one'],
    [
      'In WordPress, open Users → Profile → Application Passwords.',
      'Enter "Citable" as the name and click Add New Application Password.',
      'Copy the generated password (it is shown once).',
      'Enter your site URL, your WordPress username and the application password here.',
    ],
  ),
  entry(
    'shopify',
    'Improve product descriptions and add product schema to your Shopify store.',
    ['Update a product description', 'Add JSON-LD schema to a product', 'Sync products and audit each description'],
    [
      'In Shopify admin, open Settings → Apps and sales channels → Develop apps.',
      'Create an app and grant the Admin API scopes read_products and write_products.',
      'Install the app and reveal the Admin API access token (shown once).',
      'Enter your shop domain (your-store.myshopify.com) and the access token here.',
    ],
  ),
  entry(
    'webflow',
    'Sync your Webflow CMS collections to audit each item, and write optimized content and JSON-LD schema to an item.',
    ['Sync the items of every CMS collection and audit each one', 'Write optimized HTML into an item\'s Rich text field', 'Write generated JSON-LD into a Plain text field that an Embed on the collection template outputs', 'Save as a draft change or publish the item live'],
    [
      'In Webflow, open Site settings → Apps & integrations → API access and generate a site token with CMS read and write access (Data API v2).',
      'To publish schema, add a Plain text field with the slug "json-ld" to the collection, and on its template page add an Embed containing <script type="application/ld+json"> with that field bound inside.',
      'Copy the token (it is shown once) and paste it here.',
    ],
  ),
  entry(
    'contentful',
    'Sync Contentful entries to audit their text, and write optimized content and JSON-LD schema into entry fields.',
    ['Sync the entries of an environment and audit each one', 'Write optimized text into a Long text field', 'Write generated JSON-LD into a JSON object or Long text field your front end renders', 'Save the entry, or save and publish it'],
    [
      'In Contentful, open Settings → CMA tokens and create a personal access token (it is shown once).',
      'Note the space id (Settings → General settings) and the environment (usually master).',
      'To publish schema, add a JSON object field (for example "jsonLd") to the content type, and render it as <script type="application/ld+json"> in your front end.',
      'Enter the space id, environment and token here.',
    ],
  ),
  entry(
    'drupal',
    'Sync Drupal content through JSON:API to audit each node, and publish optimized content and JSON-LD schema to a node.',
    ['Sync published and unpublished nodes of every content type and audit each one', 'Create an unpublished article, or update a node\'s body', 'Add generated JSON-LD schema to the body as one script block'],
    [
      'Enable the core JSON:API module and allow create, read, update operations (Configuration → Web services → JSON:API).',
      'Either enable the core HTTP Basic Authentication module and create an editor account for Citable, or install Simple OAuth and create a consumer with the client credentials grant.',
      'For schema to reach the page, the body\'s text format must keep <script> elements (for example Full HTML).',
      'Enter your site URL (https) and the user name and password, or the client id and secret, here.',
    ],
  ),
];

/**
 * Platforms users look for that Citable cannot connect to, with the reason. They are sold by no
 * plan; the CMS Integrations screen and /integrations say why and what to do instead.
 */
export const UNSUPPORTED_CMS = [
  {
    id: 'squarespace',
    name: 'Squarespace',
    reason: 'Squarespace has no public API for writing pages or blog posts, so no connector can publish to it.',
    instead: 'Audit Squarespace pages by URL, and paste the generated schema into the page\'s Advanced → Page Header Code Injection.',
  },
] as const;

/** A stored connection (spec 002 §3), as every API response carries it: no credentials. */
export const cmsIntegrationSchema = z.object({
  id: z.string(),
  cms_type: cmsTypeSchema,
  cms_name: z.string(),
  site_url: z.string(),
  last_sync_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CmsIntegration = z.infer<typeof cmsIntegrationSchema>;

export const cmsListResponseSchema = z.object({ integrations: z.array(cmsIntegrationSchema) });
export type CmsListResponse = z.infer<typeof cmsListResponseSchema>;

/** Post (WordPress), product (Shopify), item (Webflow), node (Drupal), entry (Contentful). */
export const CMS_ITEM_KINDS = ['post', 'product', 'item', 'node', 'entry'] as const;

/** A post, product, item, node or entry read by a sync; the content is fetched one at a time for the audit. */
export const cmsSyncedItemSchema = z.object({
  id: z.string(),
  integration_id: z.string(),
  external_id: z.string(),
  kind: z.enum(CMS_ITEM_KINDS),
  title: z.string(),
  url: z.string().nullable(),
  updated_at: z.string(),
});
export type CmsSyncedItem = z.infer<typeof cmsSyncedItemSchema>;

export const cmsItemsResponseSchema = z.object({ items: z.array(cmsSyncedItemSchema) });
export const cmsItemContentSchema = cmsSyncedItemSchema.extend({ content: z.string() });
export type CmsItemContent = z.infer<typeof cmsItemContentSchema>;

const secret = (label: string) => z.string().trim().min(1, `${label} is required`).max(500);
const publishContent = z.string().min(1).max(500_000);
/** JSON-LD as the schema generator returns it: an object, or its serialised text. */
const jsonLd = z.union([z.record(z.string(), z.unknown()), z.string().min(2).max(200_000)]);

/** `POST /api/functions/wordpress-integration` (spec 002 §7.1). */
export const wordpressIntegrationRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('connect'),
    siteUrl: z.string().trim().min(1, 'Site URL is required').max(2048),
    username: secret('Username'),
    applicationPassword: secret('Application password'),
  }),
  z
    .strictObject({
      action: z.literal('publish'),
      /** Optimized HTML for the post body. */
      content: publishContent.optional(),
      /** Generated schema, added to the post as a JSON-LD block. */
      schema: jsonLd.optional(),
      title: z.string().trim().min(1).max(300).optional(),
      /** Updates this post; without it a new draft is created. */
      postId: z.number().int().positive().optional(),
    })
    .refine((body) => body.content !== undefined || body.schema !== undefined, { message: 'Send content, schema or both', path: ['content'] }),
  z.strictObject({ action: z.literal('sync') }),
  z.strictObject({ action: z.literal('disconnect') }),
]);
export type WordpressIntegrationRequest = z.infer<typeof wordpressIntegrationRequestSchema>;

/** `POST /api/functions/shopify-integration` (spec 002 §7.1). */
export const shopifyIntegrationRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('connect'),
    shopDomain: z.string().trim().min(1, 'Shop domain is required').max(255),
    accessToken: secret('Access token'),
  }),
  z.strictObject({
    action: z.literal('publish'),
    product: z
      .strictObject({
        id: z.union([z.number().int().positive(), z.string().regex(/^\d+$/)]),
        /** Replaces the product description. */
        bodyHtml: publishContent.optional(),
        /** Added to the description as a JSON-LD block (replacing an earlier one from Citable). */
        schema: jsonLd.optional(),
      })
      .refine((product) => product.bodyHtml !== undefined || product.schema !== undefined, { message: 'Send bodyHtml, schema or both', path: ['bodyHtml'] }),
  }),
  z.strictObject({ action: z.literal('sync') }),
  z.strictObject({ action: z.literal('disconnect') }),
]);
export type ShopifyIntegrationRequest = z.infer<typeof shopifyIntegrationRequestSchema>;

/** Webflow ids (sites, collections, items) are 24 hexadecimal digits. */
const webflowId = z.string().trim().regex(/^[0-9a-f]{24}$/i, 'Not a Webflow id');
/** A Webflow CMS field slug ("post-body", "json-ld"). */
const fieldSlug = z.string().trim().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Not a field name');

/** `POST /api/functions/webflow-integration`: a Data API v2 site token. */
export const webflowIntegrationRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('connect'),
    siteToken: secret('Site token'),
    /** Needed only when the token reaches more than one site. */
    siteId: webflowId.optional(),
  }),
  z
    .strictObject({
      action: z.literal('publish'),
      /** "collectionId/itemId", as a synced item's id shows it. */
      itemId: z.string().trim().regex(/^[0-9a-f]{24}\/[0-9a-f]{24}$/i, 'Use the item id shown in synced content (collection/item)'),
      content: publishContent.optional(),
      schema: jsonLd.optional(),
      /** Rich text field for the content; default the collection's first Rich text field. */
      contentField: fieldSlug.optional(),
      /** Plain text field for the JSON-LD; default "json-ld". */
      schemaField: fieldSlug.optional(),
      /** Publish the item to the live site; otherwise the change waits as a draft. */
      live: z.boolean().optional(),
    })
    .refine((body) => body.content !== undefined || body.schema !== undefined, { message: 'Send content, schema or both', path: ['content'] }),
  z.strictObject({ action: z.literal('sync') }),
  z.strictObject({ action: z.literal('disconnect') }),
]);
export type WebflowIntegrationRequest = z.infer<typeof webflowIntegrationRequestSchema>;

/** Contentful space, environment and entry ids: letters, digits, "-", "_", "." (used in API paths). */
const contentfulId = (label: string) => z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/, `${label} may contain only letters, digits, ".", "-" and "_"`);

/** `POST /api/functions/contentful-integration`: space id, environment and a Content Management API token. */
export const contentfulIntegrationRequestSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('connect'),
    spaceId: contentfulId('Space id'),
    environment: contentfulId('Environment').default('master'),
    accessToken: secret('Content Management token'),
  }),
  z
    .strictObject({
      action: z.literal('publish'),
      entryId: contentfulId('Entry id'),
      content: publishContent.optional(),
      schema: jsonLd.optional(),
      /** Long text (or Symbol) field for the content; default the content type's first Long text field. */
      contentField: contentfulId('Content field').optional(),
      /** JSON object or Long text field for the JSON-LD; default "jsonLd". */
      schemaField: contentfulId('Schema field').optional(),
      /** Publish the entry after saving it. */
      live: z.boolean().optional(),
    })
    .refine((body) => body.content !== undefined || body.schema !== undefined, { message: 'Send content, schema or both', path: ['content'] }),
  z.strictObject({ action: z.literal('sync') }),
  z.strictObject({ action: z.literal('disconnect') }),
]);
export type ContentfulIntegrationRequest = z.infer<typeof contentfulIntegrationRequestSchema>;

/** `POST /api/functions/drupal-integration`: JSON:API with HTTP Basic auth or OAuth2 client credentials. */
export const drupalIntegrationRequestSchema = z.discriminatedUnion('action', [
  z
    .strictObject({
      action: z.literal('connect'),
      siteUrl: z.string().trim().min(1, 'Site URL is required').max(2048),
      authMethod: z.enum(['basic', 'oauth']),
      username: z.string().trim().max(500).optional(),
      password: z.string().max(500).optional(),
      clientId: z.string().trim().max(500).optional(),
      clientSecret: z.string().max(500).optional(),
    })
    .refine((body) => (body.authMethod === 'basic' ? Boolean(body.username && body.password) : true), { message: 'User name and password are required', path: ['username'] })
    .refine((body) => (body.authMethod === 'oauth' ? Boolean(body.clientId && body.clientSecret) : true), { message: 'Client id and client secret are required', path: ['clientId'] }),
  z
    .strictObject({
      action: z.literal('publish'),
      /** "bundle/uuid", as a synced node's id shows it; without it an unpublished article is created. */
      nodeId: z
        .string()
        .trim()
        .regex(/^[a-z0-9_]{1,64}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Use the node id shown in synced content (type/uuid)')
        .optional(),
      title: z.string().trim().min(1).max(255).optional(),
      content: publishContent.optional(),
      schema: jsonLd.optional(),
    })
    .refine((body) => body.content !== undefined || body.schema !== undefined, { message: 'Send content, schema or both', path: ['content'] }),
  z.strictObject({ action: z.literal('sync') }),
  z.strictObject({ action: z.literal('disconnect') }),
]);
export type DrupalIntegrationRequest = z.infer<typeof drupalIntegrationRequestSchema>;

export const cmsFunctionResponseSchema = z.object({
  success: z.literal(true),
  integration: cmsIntegrationSchema.optional(),
  /** Set after publish: the post or product written. */
  published: z.object({ externalId: z.string(), url: z.string().nullable(), created: z.boolean() }).optional(),
  /** Set after sync: how many items were read. */
  synced: z.number().int().optional(),
});
export type CmsFunctionResponse = z.infer<typeof cmsFunctionResponseSchema>;

/** Spec 002 §8 CMS messages. */
export const CMS_MESSAGES = {
  connectFailedDefault: 'Connection failed',
  disconnectFailed: 'Failed to disconnect integration',
  syncSucceeded: 'Sync completed successfully',
  syncFailed: 'Sync failed',
  notConnected: 'This CMS is not connected',
  upgradeRequired: 'Upgrade Required',
  comingSoon: 'Coming Soon',
} as const;

export function cmsConnectFailedMessage(name: string, message?: string | null): string {
  return `Failed to connect ${name}: ${message || CMS_MESSAGES.connectFailedDefault}`;
}
