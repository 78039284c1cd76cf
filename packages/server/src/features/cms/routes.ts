import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  CMS_MESSAGES,
  cmsFunctionResponseSchema,
  cmsItemContentSchema,
  cmsItemsResponseSchema,
  cmsListResponseSchema,
  CONNECTABLE_CMS_TYPES,
  contentfulIntegrationRequestSchema,
  drupalIntegrationRequestSchema,
  shopifyIntegrationRequestSchema,
  webflowIntegrationRequestSchema,
  wordpressIntegrationRequestSchema,
  type CmsFunctionResponse,
  type ConnectableCmsType,
} from '@citable/contract';
import { assertEntitled, currentPlan } from '../billing';
import { connectCms, publishToCms, syncCms, type CmsDeps } from './service';
import { deleteIntegration, findIntegration, getSyncedItem, integrationExists, listIntegrations, listSyncedItems } from './store';
import { HttpError, notFound } from '../../lib/http-error';
import type { CmsApiSettings } from '../../settings/cms-apis';

export interface CmsRouteOptions {
  key: Buffer;
  allowHosts: string[];
  apis: CmsApiSettings;
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema, 502: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });

const REQUEST_SCHEMAS = {
  wordpress: wordpressIntegrationRequestSchema,
  shopify: shopifyIntegrationRequestSchema,
  webflow: webflowIntegrationRequestSchema,
  contentful: contentfulIntegrationRequestSchema,
  drupal: drupalIntegrationRequestSchema,
} satisfies Record<ConnectableCmsType, z.ZodType>;

type Action = { action: 'connect' | 'publish' | 'sync' | 'disconnect' };

/**
 * Runs one function action. Disconnecting is allowed on any plan, so a user who downgraded can
 * still remove stored credentials; everything else needs the plan of that CMS (spec 002 §6).
 */
async function runAction(app: FastifyInstance, deps: CmsDeps, request: FastifyRequest, type: ConnectableCmsType, body: Action & Record<string, unknown>): Promise<CmsFunctionResponse> {
  const owner = await app.requireOwner(request);
  if (body.action === 'disconnect') {
    const row = await findIntegration(app.db, owner.ownerId, type);
    if (!row) throw new HttpError(404, { error: CMS_MESSAGES.notConnected });
    await deleteIntegration(app.db, owner.ownerId, row.id);
    return { success: true };
  }
  assertEntitled(await currentPlan(app.db, owner.ownerId), { cms: type });
  switch (body.action) {
    case 'connect':
      return { success: true, integration: await connectCms(deps, owner.ownerId, type, body) };
    case 'publish':
      return { success: true, published: await publishToCms(deps, owner.ownerId, type, (type === 'shopify' ? body.product : body) as { schema?: unknown }) };
    case 'sync': {
      const { integration, count } = await syncCms(deps, owner.ownerId, type);
      return { success: true, integration, synced: count };
    }
  }
}

/** CMS Integrations: the spec's function calls (spec 002 §7.1) and the list/delete calls of §7.2. */
export const cmsRoutes: FastifyPluginAsyncZod<CmsRouteOptions> = async (app, options) => {
  const deps: CmsDeps = { db: app.db, key: options.key, allowHosts: options.allowHosts, apis: options.apis };

  // One function route per connector (`/api/functions/{type}-integration`), each with its own body schema.
  for (const type of CONNECTABLE_CMS_TYPES) {
    app.post(
      `/api/functions/${type}-integration`,
      { schema: { body: REQUEST_SCHEMAS[type], response: { 200: cmsFunctionResponseSchema, ...errors } } },
      (request) => runAction(app, deps, request, type, request.body as Action & Record<string, unknown>),
    );
  }

  app.get('/api/cms', { schema: { response: { 200: cmsListResponseSchema, 401: apiErrorSchema } } }, async (request) => {
    const owner = await app.requireOwner(request);
    return { integrations: await listIntegrations(app.db, owner.ownerId) };
  });

  app.delete('/api/cms/:id', { schema: { params: idParams, response: { 200: z.object({ success: z.literal(true) }), ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    if (!(await deleteIntegration(app.db, owner.ownerId, request.params.id))) throw notFound();
    return { success: true as const };
  });

  app.get('/api/cms/:id/items', { schema: { params: idParams, response: { 200: cmsItemsResponseSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    if (!(await integrationExists(app.db, owner.ownerId, request.params.id))) throw notFound();
    return { items: await listSyncedItems(app.db, owner.ownerId, request.params.id) };
  });

  app.get('/api/cms/items/:id', { schema: { params: idParams, response: { 200: cmsItemContentSchema, ...errors } } }, async (request) => {
    const owner = await app.requireOwner(request);
    const item = await getSyncedItem(app.db, owner.ownerId, request.params.id);
    if (!item) throw notFound();
    return item;
  });
};
