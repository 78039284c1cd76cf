import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { auditRunSchema } from '@citable/contract';
import { serveSite, teaShopPages, type ServedSite } from '../fixtures/tool-sites';
import { api, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer } from '../helpers';

/**
 * The MCP endpoint as the protocol describes it, with the official SDK client and plain fetch:
 * the capabilities it declares, the 401 of the authorization specification with its resource
 * metadata, and the latest audits as resources, readable by their owner only.
 */

/** Which MCP SDK server modules the app has imported: it must wait for the first /api/mcp request. */
const sdkLoaded = vi.hoisted(() => new Set<string>());
vi.mock('@modelcontextprotocol/sdk/server/mcp.js', async (importOriginal) => {
  sdkLoaded.add('mcp');
  return importOriginal();
});
vi.mock('@modelcontextprotocol/sdk/server/streamableHttp.js', async (importOriginal) => {
  sdkLoaded.add('streamableHttp');
  return importOriginal();
});

const SHELL = '<!doctype html><html><body><div id="root">app shell</div></body></html>';

let server: TestServer;
let shop: ServedSite;
let webDist: string;

beforeAll(async () => {
  // A built web app, so its catch-all is live and would answer unknown paths with the shell.
  webDist = mkdtempSync(path.join(tmpdir(), 'citable-mcp-web-'));
  writeFileSync(path.join(webDist, 'index.html'), SHELL);
  shop = await serveSite(teaShopPages([]));
  server = await startTestServer({ env: { FETCH_ALLOW_HOSTS: '127.0.0.1,localhost', WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await Promise.all([server?.close(), shop?.close()]);
  rmSync(webDist, { recursive: true, force: true });
});

async function newKey(): Promise<string> {
  const cookie = await signUpVerified(server.baseUrl, { name: 'Protocol Tester', email: uniqueEmail('mcp-protocol'), password: STRONG_PASSWORD });
  return (await api(server.baseUrl, '/api/api-keys', { cookie, body: { name: 'Assistant' } })).body.secret as string;
}

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'citable-protocol-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

const postMcp = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}/api/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(body) });

const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } } };

describe('loading', () => {
  it('imports the MCP SDK on the first MCP request, not when the app is built', async () => {
    expect([...sdkLoaded]).toEqual([]);
    // Refused requests (no key) do not need it either.
    expect((await postMcp(initialize)).status).toBe(401);
    expect([...sdkLoaded]).toEqual([]);
    expect((await postMcp(initialize, { authorization: `Bearer ${await newKey()}` })).status).toBe(200);
    expect([...sdkLoaded].sort()).toEqual(['mcp', 'streamableHttp']);
  });
});

describe('capabilities', () => {
  it('declares tools and resources without listChanged, which the server never sends', async () => {
    const client = await connect(await newKey());
    try {
      const capabilities = client.getServerCapabilities();
      expect(capabilities?.tools).toBeDefined();
      expect(capabilities?.resources).toBeDefined();
      expect(capabilities?.tools?.listChanged).not.toBe(true);
      expect(capabilities?.resources?.listChanged).not.toBe(true);
      expect(capabilities?.prompts).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it('answers a request without a progress token as plain JSON', async () => {
    const response = await postMcp(initialize, { authorization: `Bearer ${await newKey()}` });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as { id: number; result: { capabilities: { tools: Record<string, unknown>; resources: Record<string, unknown> } } };
    expect(body.id).toBe(1);
    expect(body.result.capabilities.tools.listChanged).toBe(false);
    expect(body.result.capabilities.resources.listChanged).toBe(false);
  });
});

describe('authorization (MCP 2025-06-18)', () => {
  const metadataUrl = () => `${server.baseUrl}/.well-known/oauth-protected-resource`;

  it('answers a request without a key with 401 and the resource metadata to discover', async () => {
    for (const response of [await postMcp(initialize), await fetch(`${server.baseUrl}/api/mcp`), await postMcp(initialize, { authorization: 'Basic dXNlcjpwYXNz' })]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl()}"`);
    }
  });

  it('adds error="invalid_token" when the key sent is unknown', async () => {
    const response = await postMcp(initialize, { authorization: 'Bearer ck_live_not_a_key' });
    expect(response.status).toBe(401);
    const challenge = response.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${metadataUrl()}"`);
    expect(challenge).toContain('error="invalid_token"');
    // The SDK client reports the refusal instead of connecting.
    await expect(connect('ck_live_not_a_key')).rejects.toThrow();
  });

  it('serves the protected resource metadata as JSON at both well-known addresses, not the app shell', async () => {
    for (const url of [metadataUrl(), `${metadataUrl()}/api/mcp`]) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toMatch(/^application\/json/);
      expect(await response.json(), url).toEqual({
        resource: `${server.baseUrl}/api/mcp`,
        bearer_methods_supported: ['header'],
        resource_name: 'Citable MCP server',
        resource_documentation: `${server.baseUrl}/docs/api-overview`,
      });
    }
    // The web app's catch-all is live: a neighbouring unknown path gets the shell.
    const other = await fetch(`${server.baseUrl}/.well-known/openid-configuration`);
    expect(await other.text()).toContain('app shell');
  });
});

describe('audits as resources', () => {
  async function auditedAccount(): Promise<{ client: Client; auditId: string }> {
    const client = await connect(await newKey());
    const audit = await client.callTool({ name: 'run_audit', arguments: { url: shop.url } });
    expect(audit.isError, JSON.stringify(audit.content)).toBeFalsy();
    return { client, auditId: (audit.structuredContent as { id: string }).id };
  }

  it("lists the account's latest audits and reads one as JSON", async () => {
    const { client, auditId } = await auditedAccount();
    try {
      const { resourceTemplates } = await client.listResourceTemplates();
      expect(resourceTemplates).toEqual([expect.objectContaining({ name: 'audit', uriTemplate: 'citable://audits/{id}', mimeType: 'application/json' })]);
      const { resources } = await client.listResources();
      expect(resources).toEqual([expect.objectContaining({ uri: `citable://audits/${auditId}`, mimeType: 'application/json' })]);
      expect(resources[0].name).toContain(shop.url);

      const read = await client.readResource({ uri: resources[0].uri });
      const content = read.contents[0] as { uri: string; mimeType: string; text: string };
      expect(content).toMatchObject({ uri: `citable://audits/${auditId}`, mimeType: 'application/json' });
      const run = auditRunSchema.parse(JSON.parse(content.text));
      expect(run).toMatchObject({ id: auditId, status: 'completed', website_url: shop.url });
      expect(run.result?.overallScore).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it("refuses another account's audit as not found, and lists none of them", async () => {
    const alice = await auditedAccount();
    const bob = await connect(await newKey());
    try {
      expect((await bob.listResources()).resources).toEqual([]);
      await expect(bob.readResource({ uri: `citable://audits/${alice.auditId}` })).rejects.toMatchObject({ code: -32002 });
      await expect(bob.readResource({ uri: 'citable://audits/not-an-id' })).rejects.toMatchObject({ code: -32002 });
      // Alice still reads it: the refusal was about the reader.
      expect((await alice.client.readResource({ uri: `citable://audits/${alice.auditId}` })).contents).toHaveLength(1);
    } finally {
      await Promise.all([alice.client.close(), bob.close()]);
    }
  });
});
