import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSite, type LocalSite } from './local-site';
import { connectCitableMcp, type StdioSession } from './mcp-client';
import { ALLOW_LOCAL, runCitable } from './run-citable';

let site: LocalSite;
let session: StdioSession;
beforeAll(async () => {
  site = await startLocalSite();
  session = await connectCitableMcp(ALLOW_LOCAL);
});
afterAll(async () => {
  await session?.close();
  await site?.close();
});

describe('citable mcp without an API key (the SDK client over stdio)', () => {
  it('offers the local tools with output schemas and annotations, and says what needs a key', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['run_audit', 'audit_site']);
    for (const tool of tools) {
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
      expect(tool.description).toContain('CITABLE_API_KEY');
    }
    expect(session.client.getInstructions()).toContain('CITABLE_API_KEY');
    // Nothing is advertised that is never sent.
    expect(session.client.getServerCapabilities()).toEqual({ tools: {} });
  });

  it('runs run_audit with the local engine: the same scores as citable audit', async () => {
    const url = `${site.origin}/guide`;
    const [called, cli] = await Promise.all([session.client.callTool({ name: 'run_audit', arguments: { url } }), runCitable(['audit', url, '--json'], ALLOW_LOCAL)]);
    expect(called.isError).toBeFalsy();
    const expected = JSON.parse(cli.stdout);
    const structured = called.structuredContent as { url: string; overallScore: number; subscores: unknown; topIssues: { checkId: string }[]; recommendations: string[] };
    expect(structured).toMatchObject({ id: 'local', url, overallScore: expected.overallScore, subscores: expected.subscores, recommendations: expected.recommendations });
    expect(structured.topIssues.map((issue) => issue.checkId)).toEqual(expected.issues.slice(0, 5).map((issue: { checkId: string }) => issue.checkId));
    expect((called.content as { text: string }[])[0].text).toContain(`Overall score for ${url}: ${expected.overallScore}/100.`);
  });

  it('crawls with audit_site and sends progress notifications on the way', async () => {
    const progress: Progress[] = [];
    const called = await session.client.callTool({ name: 'audit_site', arguments: { url: `${site.origin}/`, maxPages: 10 } }, undefined, { onprogress: (p) => progress.push(p) });
    expect(called.isError).toBeFalsy();
    const run = called.structuredContent as { status: string; scope: string; result: { pageCount: number; pages: { url: string }[] } };
    expect(run).toMatchObject({ status: 'completed', scope: 'site' });
    expect(run.result.pageCount).toBe(site.pages.length);
    expect(run.result.pages.map((page) => page.url).sort()).toEqual(site.pages.map((path) => `${site.origin}${path}`).sort());
    expect(progress.length).toBeGreaterThan(0);
    expect(Math.max(...progress.map((p) => p.progress))).toBeGreaterThan(0);
    expect(progress.at(-1)?.message).toMatch(/^Audited \d+ page\(s\)/);
  });

  it('answers a tool error the assistant can read for an error page and a refused address', async () => {
    const missing = await session.client.callTool({ name: 'run_audit', arguments: { url: `${site.origin}/missing` } });
    expect(missing.isError).toBe(true);
    expect((missing.content as { text: string }[])[0].text).toBe(`${site.origin}/missing answered 404 Not Found; error pages are not audited.`);
    const bad = await session.client.callTool({ name: 'run_audit', arguments: { url: 'ftp://example.com/' } });
    expect(bad.isError).toBe(true);
    expect((bad.content as { text: string }[])[0].text).toMatch(/^Input validation error: url: /);
    const tooMany = await session.client.callTool({ name: 'audit_site', arguments: { url: `${site.origin}/`, maxPages: 0 } });
    expect((tooMany.content as { text: string }[])[0].text).toMatch(/^Input validation error: maxPages: /);
  });

  it('names the key for a tool only the server has, and keeps stdout to MCP messages', async () => {
    await expect(session.client.callTool({ name: 'get_latest_scores', arguments: {} })).rejects.toThrow(/get_latest_scores.*CITABLE_API_KEY/);
    expect(session.transportErrors).toEqual([]);
    expect(session.stderr()).toContain('citable mcp: serving the local tools');
  });
});

describe('citable mcp on the command line', () => {
  it('is in the help, and refuses --server without a key in one line', async () => {
    const [help, usage, noKey] = await Promise.all([runCitable(['--help']), runCitable(['help', 'mcp']), runCitable(['mcp', '--server', 'http://127.0.0.1:9'])]);
    expect(help.stdout).toMatch(/^ {2}mcp +an MCP server on stdio/m);
    expect(usage.stdout).toContain('CITABLE_API_KEY');
    expect(noKey.code).toBe(2);
    expect(noKey.stdout).toBe('');
    expect(noKey.stderr).toBe('citable: --server needs an API key in CITABLE_API_KEY (create one in Settings > API keys)\n');
  });
});
