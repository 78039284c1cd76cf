import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /search?query=seo */
  url: string;
  headers: IncomingMessage['headers'];
  /** Parsed JSON body, or undefined. */
  body: unknown;
}

export interface FakeReply {
  status?: number;
  /** Headers to send; undefined values are left out. */
  headers?: Record<string, string | undefined>;
  json?: unknown;
  text?: string;
  /** Wait this long before answering (timeouts). */
  delayMs?: number;
}

export type FakeHandler = (request: RecordedRequest) => FakeReply | Promise<FakeReply>;

export interface HttpFake {
  url: string;
  requests: RecordedRequest[];
  /** Replaces the handler; the requests recorded so far stay. */
  handle(handler: FakeHandler): void;
  /** Requests received whose answer is not sent yet and whose client has not gone away. */
  inFlight(): number;
  close(): Promise<void>;
}

/** A local HTTP server on 127.0.0.1 answering from a handler, recording every request (no network, no randomness). */
export async function startHttpFake(handler: FakeHandler): Promise<HttpFake> {
  let current = handler;
  const requests: RecordedRequest[] = [];
  let inFlight = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
    });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = raw;
      }
      const recorded: RecordedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      requests.push(recorded);
      const reply = await current(recorded);
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      if (res.destroyed) return;
      const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
      const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined));
      res.writeHead(reply.status ?? 200, { 'content-type': reply.json !== undefined ? 'application/json' : 'text/plain', ...headers });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    inFlight: () => inFlight,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
