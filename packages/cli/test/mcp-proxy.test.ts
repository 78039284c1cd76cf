import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectCitableMcp, type StdioSession } from './mcp-client';

// `citable mcp` with a key in front of an MCP endpoint built with the official SDK's server, as
// Citable's /api/mcp is, with what the tests of the real server cannot show yet: progress
// notifications streamed over SSE, resources and their templates, prompts. The real server's
// tools are compared in packages/server/test/cli-remote.
const KEY = 'ck_live_proxy-test-key';
let http: HttpServer;
let origin: string;
let session: StdioSession;
const seenAuthorization: (string | undefined)[] = [];
/** The test's receipt of each progress notification, which lets the remote tool go on: no clock involved. */
const received: ((progress: number) => void)[] = [];
const receiptOf = (page: number) => new Promise<void>((resolve) => received.push((progress) => progress === page && resolve()));

function remoteServer(): McpServer {
  const server = new McpServer({ name: 'citable', version: '9.9.9' }, { instructions: 'Remote instructions.' });
  server.registerTool(
    'audit_site',
    { title: 'Audit a site', description: 'Crawls and audits.', inputSchema: { url: z.string(), pages: z.number().int() }, outputSchema: { audited: z.number() }, annotations: { readOnlyHint: true, openWorldHint: true } },
    async ({ pages }, extra) => {
      for (let page = 1; page <= pages; page++) {
        const progressToken = extra._meta?.progressToken;
        if (progressToken === undefined) continue;
        // Each next step waits until the assistant has this one, so the order is what is tested.
        const receipt = receiptOf(page);
        await extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress: page, total: pages, message: `page ${page}` } });
        await receipt;
      }
      return { content: [{ type: 'text', text: `${pages} pages` }], structuredContent: { audited: pages } };
    },
  );
  server.registerResource('latest-audits', 'citable://audits/latest', { mimeType: 'application/json', description: 'The latest audits' }, async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: '{"audits":[]}' }] }));
  server.registerResource('audit', new ResourceTemplate('citable://audits/{id}', { list: undefined }), { mimeType: 'application/json' }, async (uri, { id }) => ({ contents: [{ uri: uri.href, text: `audit ${id}` }] }));
  server.registerPrompt('fix_page', { description: 'What to fix on a page', argsSchema: { url: z.string() } }, ({ url }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `Audit ${url}` } }] }));
  return server;
}

beforeAll(async () => {
  http = createServer(async (request, response) => {
    seenAuthorization.push(request.headers.authorization);
    if (request.url !== '/api/mcp') return void response.writeHead(404).end();
    if (request.headers.authorization !== `Bearer ${KEY}`) return void response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"Invalid or revoked API key."}');
    if (request.method !== 'POST') return void response.writeHead(405, { allow: 'POST' }).end();
    const server = remoteServer();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(request, response);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  session = await connectCitableMcp({ CITABLE_API_KEY: KEY, CITABLE_SERVER: origin });
});
afterAll(async () => {
  await session?.close();
  http?.closeAllConnections();
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
});

describe('citable mcp forwarding to an MCP endpoint', () => {
  it('mirrors the tools, resources, prompts and instructions, without listChanged', async () => {
    const { tools } = await session.client.listTools();
    expect(tools).toEqual([
      expect.objectContaining({ name: 'audit_site', title: 'Audit a site', description: 'Crawls and audits.', annotations: { readOnlyHint: true, openWorldHint: true }, outputSchema: expect.objectContaining({ required: ['audited'] }) }),
    ]);
    expect(tools[0].inputSchema.required).toEqual(['url', 'pages']);
    expect(session.client.getInstructions()).toBe('Remote instructions.');
    expect(session.client.getServerVersion()).toMatchObject({ name: 'citable', version: '9.9.9' });
    expect(session.client.getServerCapabilities()).toEqual({ tools: {}, resources: {}, prompts: {} });
    expect((await session.client.listResources()).resources).toEqual([{ name: 'latest-audits', uri: 'citable://audits/latest', mimeType: 'application/json', description: 'The latest audits' }]);
    expect((await session.client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual(['citable://audits/{id}']);
    expect((await session.client.readResource({ uri: 'citable://audits/abc' })).contents).toEqual([{ uri: 'citable://audits/abc', text: 'audit abc' }]);
    expect((await session.client.getPrompt({ name: 'fix_page', arguments: { url: 'https://example.com/' } })).messages[0].content).toEqual({ type: 'text', text: 'Audit https://example.com/' });
    // Every request to the endpoint carried the key.
    expect(new Set(seenAuthorization)).toEqual(new Set([`Bearer ${KEY}`]));
  });

  it('forwards a call and its progress notifications to the assistant', async () => {
    const progress: Progress[] = [];
    const result = await session.client.callTool({ name: 'audit_site', arguments: { url: 'https://example.com/', pages: 3 } }, undefined, {
      onprogress: (p) => {
        progress.push(p);
        for (const receive of received.splice(0)) receive(p.progress);
      },
    });
    expect(result.structuredContent).toEqual({ audited: 3 });
    expect(progress.map((p) => [p.progress, p.total, p.message])).toEqual([
      [1, 3, 'page 1'],
      [2, 3, 'page 2'],
      [3, 3, 'page 3'],
    ]);
  });

  it('passes the endpoint\'s refusals on as errors the assistant reads', async () => {
    const invalid = await session.client.callTool({ name: 'audit_site', arguments: { url: 'https://example.com/', pages: 'many' } });
    expect(invalid.isError).toBe(true);
    expect(JSON.stringify(invalid.content)).toContain('pages');
    await expect(session.client.readResource({ uri: 'other://nothing' })).rejects.toThrow(/not found/i);
    expect(session.transportErrors).toEqual([]);
  });
});
