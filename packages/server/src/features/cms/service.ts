import { createSafeFetcher, type SafeFetcher } from '@citable/crawler';
import { CMS_MESSAGES, CMS_NAMES, cmsConnectFailedMessage, type CmsIntegration, type ConnectableCmsType } from '@citable/contract';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { CmsError } from './cms-error';
import { CredentialsUnreadableError, decryptCredentials, encryptCredentials } from './credentials';
import { isJsonText } from './json-ld-block';
import type { CmsApiSettings } from '../../settings/cms-apis';
import { contentfulConnector } from './contentful-connector';
import { drupalConnector } from './drupal-connector';
import { shopifyConnector } from './shopify-connector';
import { findIntegration, replaceSyncedItems, saveIntegration, toIntegration } from './store';
import type { Connector, Published } from './types';
import { webflowConnector } from './webflow-connector';
import { wordpressConnector } from './wordpress-connector';

export interface CmsDeps {
  db: Db;
  /** CREDENTIALS_KEY: encrypts what connect stores, decrypts it for publish and sync. */
  key: Buffer;
  /** FETCH_ALLOW_HOSTS: private hosts the CMS may live on (development, tests). */
  allowHosts: readonly string[];
  /** WEBFLOW_API_URL, CONTENTFUL_API_URL: the hosted APIs' addresses. */
  apis: CmsApiSettings;
}

// The connectors differ in their inputs (checked by the route's schema); the service passes them through.
type AnyConnector = Connector<unknown, unknown, unknown>;

function connectorFor(deps: CmsDeps, type: ConnectableCmsType): AnyConnector {
  switch (type) {
    case 'wordpress':
      return wordpressConnector as AnyConnector;
    case 'shopify':
      return shopifyConnector as AnyConnector;
    case 'webflow':
      return webflowConnector(deps.apis.webflowApiUrl) as AnyConnector;
    case 'contentful':
      return contentfulConnector(deps.apis.contentfulApiUrl) as AnyConnector;
    case 'drupal':
      return drupalConnector as AnyConnector;
  }
}

/** Binds an envelope to its owner and CMS type (the GCM associated data). */
const envelopeContext = (userId: string, type: ConnectableCmsType) => `cms:${type}:${userId}`;

async function withFetcher<T>(deps: CmsDeps, run: (fetcher: SafeFetcher) => Promise<T>): Promise<T> {
  const fetcher = createSafeFetcher({ allowHosts: deps.allowHosts });
  try {
    return await run(fetcher);
  } finally {
    await fetcher.close();
  }
}

/**
 * Checks the credentials against the site, then stores them encrypted. Nothing is stored when the
 * check fails, and the error names the CMS as spec 002 §8 words it.
 */
export async function connectCms(deps: CmsDeps, userId: string, type: ConnectableCmsType, input: unknown): Promise<CmsIntegration> {
  const connector = connectorFor(deps, type);
  try {
    const { siteUrl, credentials } = connector.prepare(input, deps.allowHosts);
    const verified = await withFetcher(deps, (fetcher) => connector.verify(fetcher, siteUrl, credentials));
    const row = await saveIntegration(deps.db, userId, {
      cmsType: type,
      cmsName: CMS_NAMES[type],
      siteUrl: verified?.siteUrl ?? siteUrl,
      credentialsEncrypted: encryptCredentials(deps.key, verified?.credentials ?? credentials, envelopeContext(userId, type)),
    });
    return toIntegration(row);
  } catch (error) {
    if (error instanceof CmsError) throw new HttpError(400, { error: cmsConnectFailedMessage(CMS_NAMES[type], error.message) });
    throw error;
  }
}

async function connected(deps: CmsDeps, userId: string, type: ConnectableCmsType) {
  const row = await findIntegration(deps.db, userId, type);
  if (!row) throw new HttpError(404, { error: CMS_MESSAGES.notConnected });
  try {
    return { row, credentials: decryptCredentials<unknown>(deps.key, row.credentialsEncrypted, envelopeContext(userId, type)) };
  } catch (error) {
    if (error instanceof CredentialsUnreadableError) throw new HttpError(409, { error: error.message });
    throw error;
  }
}

/**
 * A site that fails during publish or sync is the gateway's problem, not the request's; a rate
 * limit the site keeps up after the waits it asked for is passed on as one (429), so the client
 * can tell "later" from "broken".
 */
function siteFailure(type: ConnectableCmsType, error: unknown): never {
  if (error instanceof CmsError) throw new HttpError(error.status === 429 ? 429 : 502, { error: `${CMS_NAMES[type]}: ${error.message}` });
  throw error;
}

export async function publishToCms(deps: CmsDeps, userId: string, type: ConnectableCmsType, input: { schema?: unknown }): Promise<Published> {
  if (input.schema !== undefined && !isJsonText(input.schema as string)) {
    throw new HttpError(400, { error: 'The schema is not valid JSON', details: [{ path: 'body.schema', message: 'Not valid JSON' }] });
  }
  const { row, credentials } = await connected(deps, userId, type);
  try {
    return await withFetcher(deps, (fetcher) => connectorFor(deps, type).publish(fetcher, row.siteUrl, credentials, input));
  } catch (error) {
    siteFailure(type, error);
  }
}

/** Reads the site's posts or products into cms_synced_items; returns the connection and the count. */
export async function syncCms(deps: CmsDeps, userId: string, type: ConnectableCmsType): Promise<{ integration: CmsIntegration; count: number }> {
  const { row, credentials } = await connected(deps, userId, type);
  let items;
  try {
    items = await withFetcher(deps, (fetcher) => connectorFor(deps, type).sync(fetcher, row.siteUrl, credentials));
  } catch (error) {
    siteFailure(type, error);
  }
  const updated = await replaceSyncedItems(deps.db, row, items);
  return { integration: toIntegration(updated), count: items.length };
}
