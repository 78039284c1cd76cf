/**
 * CMS Integrations (spec 002 §2.6, §3, §4, §5, §7.1, §8): the catalogue, the stored connection as
 * the browser sees it (never its credentials), the function payloads and the messages. Which plan
 * unlocks which CMS lives in entitlements.ts (CMS_REQUIRED_PLAN).
 */
import { z } from 'zod';
import { CMS_NAMES, CMS_REQUIRED_PLAN, CMS_TYPES, type CmsType } from './entitlements';
import type { PlanId } from './plans';

export const cmsTypeSchema = z.enum(CMS_TYPES as [CmsType, ...CmsType[]]);

/** Connectors with a real client on the server; the others are listed as coming soon. */
export const CONNECTABLE_CMS_TYPES = ['wordpress', 'shopify'] as const satisfies readonly CmsType[];
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

const NOT_YET = ['This connector is not available yet; the audit, schema and content tools already work on any page URL.'];

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
  entry('webflow', 'Sync Webflow CMS collections.', ['Collection item sync', 'Schema publishing'], NOT_YET),
  entry('squarespace', 'Audit Squarespace pages and blog posts.', ['Blog post sync', 'Page audits'], NOT_YET),
  entry('drupal', 'Connect Drupal nodes through JSON:API.', ['Node sync', 'Schema publishing'], NOT_YET),
  entry('contentful', 'Optimize Contentful entries.', ['Entry sync', 'Rich text optimization'], NOT_YET),
];

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

export const CMS_ITEM_KINDS = ['post', 'product'] as const;

/** A post or product read by a sync; the content is fetched one item at a time for the audit. */
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
