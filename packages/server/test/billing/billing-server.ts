import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/client';
import { createTestStorage, GENEROUS_RATE_LIMITS } from '../helpers';

export const TEST_API_KEY = 'test-api-key-not-secret';
export const TEST_WEBHOOK_SECRET = 'test-webhook-signing-secret';
export const TEST_STORE_ID = '4242';

/** The six variant ids the tests configure, by plan and cycle. */
export const VARIANTS = {
  core: { monthly: '101', annual: '102' },
  pro: { monthly: '201', annual: '202' },
  agency: { monthly: '301', annual: '302' },
} as const;

/** Every LEMONSQUEEZY_* variable, with the SDK routed to a fake at `apiUrl`. */
export function billingEnv(apiUrl: string): Record<string, string> {
  return {
    LEMONSQUEEZY_API_KEY: TEST_API_KEY,
    LEMONSQUEEZY_STORE_ID: TEST_STORE_ID,
    LEMONSQUEEZY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    LEMONSQUEEZY_API_URL: apiUrl,
    LEMONSQUEEZY_VARIANT_CORE_MONTHLY: VARIANTS.core.monthly,
    LEMONSQUEEZY_VARIANT_CORE_ANNUAL: VARIANTS.core.annual,
    LEMONSQUEEZY_VARIANT_PRO_MONTHLY: VARIANTS.pro.monthly,
    LEMONSQUEEZY_VARIANT_PRO_ANNUAL: VARIANTS.pro.annual,
    LEMONSQUEEZY_VARIANT_AGENCY_MONTHLY: VARIANTS.agency.monthly,
    LEMONSQUEEZY_VARIANT_AGENCY_ANNUAL: VARIANTS.agency.annual,
  };
}

export interface BillingTestServer {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Like startTestServer, with a hook to add routes before the app is ready: the gate tests mount
 * one route per entitlement behind the real gate helpers.
 */
export async function startBillingServer(options: { env?: Record<string, string>; routes?: (app: FastifyInstance) => void | Promise<void> } = {}): Promise<BillingTestServer> {
  const storage = await createTestStorage();
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: storage.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    WEB_DIST_DIR: path.join(storage.dataDir, 'no-web-dist'),
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    ...options.env,
  });
  const app = await buildApp(config, { logger: false, rateLimits: GENEROUS_RATE_LIMITS });
  try {
    await options.routes?.(app);
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await app.close();
    await storage.remove();
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    db: app.db,
    async close() {
      await app.close();
      await storage.remove();
    },
  };
}
