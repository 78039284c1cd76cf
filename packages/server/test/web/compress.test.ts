import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressPlugin } from '../../src/web/compress-plugin';

// The compression settings on their own, over routes of each kind the app has or may have: a
// stream of server-sent events must reach the client event by event, a PDF is sent as it is.

let app: FastifyInstance;
let baseUrl: string;
let events: PassThrough | undefined;

beforeAll(async () => {
  app = Fastify();
  await app.register(compressPlugin);
  app.get('/events', (_request, reply) => {
    events = new PassThrough();
    // Headers leave with the first bytes, as a real event stream's first comment.
    events.write(': connected\n\n');
    reply.header('content-type', 'text/event-stream').header('cache-control', 'no-cache');
    return reply.send(events);
  });
  app.get('/report.pdf', (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(8192, 7)));
  app.get('/export.csv', (_request, reply) => reply.type('text/csv; charset=utf-8').send('site,score\n'.repeat(500)));
  app.get('/json', () => ({ rows: Array.from({ length: 200 }, (_, index) => ({ index, name: `row ${index}` })) }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  events?.end();
  await app?.close();
});

function head(pathname: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${baseUrl}${pathname}`, { headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  it('passes server-sent events through uncompressed, each as it is written', async () => {
    const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
      const req = request(`${baseUrl}/events`, { headers: { 'accept-encoding': 'br, gzip' } }, resolve);
      req.on('error', reject);
      req.end();
    });
    expect(response.headers['content-type']).toBe('text/event-stream');
    expect(response.headers['content-encoding']).toBeUndefined();
    let received = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => (received += chunk));
    // The stream stays open: an event that arrives proves it was not held back for more.
    events?.write('data: first\n\n');
    await expect.poll(() => received, { timeout: 20_000 }).toBe(': connected\n\ndata: first\n\n');
    events?.write('data: second\n\n');
    await expect.poll(() => received, { timeout: 20_000 }).toBe(': connected\n\ndata: first\n\ndata: second\n\n');
    events?.end();
  });

  it('compresses JSON and CSV, not PDF', async () => {
    expect((await head('/json')).headers['content-encoding']).toBe('br');
    expect((await head('/export.csv')).headers['content-encoding']).toBe('br');
    const pdf = await head('/report.pdf');
    expect(pdf.headers['content-encoding']).toBeUndefined();
    expect(pdf.body.length).toBe(8192);
  });
});
