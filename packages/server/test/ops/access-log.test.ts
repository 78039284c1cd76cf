import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers';

// One JSON line per answered request (ops/access-log.ts), carrying the request id.

const lines: Record<string, any>[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    callback();
  },
});
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ logger: { level: 'info', stream } });
});
afterAll(() => server?.close());

const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

describe('the access log', () => {
  it('writes one line per request, when it is answered, with the request id and no cookie', async () => {
    const response = await fetch(`${server.baseUrl}/api/health?probe=1`, { headers: { 'x-request-id': 'trace-access-1', cookie: 'citable.session_token=secret-value' } });
    expect(response.status).toBe(200);
    await expect.poll(() => linesOf('trace-access-1').length).toBe(1);
    const [line] = linesOf('trace-access-1');
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/health?probe=1' }, res: { statusCode: 200 } });
    expect(line!.responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toContain('secret-value');
  });

  it('logs refused and unknown requests the same way', async () => {
    expect((await fetch(`${server.baseUrl}/api/profile`, { headers: { 'x-request-id': 'trace-access-2' } })).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/api/no-such-route`, { headers: { 'x-request-id': 'trace-access-3' } })).status).toBe(404);
    await expect.poll(() => [linesOf('trace-access-2').length, linesOf('trace-access-3').length]).toEqual([1, 1]);
    expect(linesOf('trace-access-2')[0]!.res.statusCode).toBe(401);
    expect(linesOf('trace-access-3')[0]!.res.statusCode).toBe(404);
  });
});
