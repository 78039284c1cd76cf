import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedEvent {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  /** The payload as the official Standard Webhooks library verified it; null when verification failed. */
  verified: { type: string; timestamp: string; data: Record<string, any> } | null;
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1, one endpoint per path: each path verifies what arrives with the
 * `standardwebhooks` package against its endpoint's secret (as a receiver in the wild would) and
 * answers from a script (e.g. 500 then 500 then 204), 204 once the script is spent, 401 when the
 * signature does not verify.
 */
export interface Receiver {
  url: string;
  events: ReceivedEvent[];
  /** Sets the secret a path verifies with, and the statuses of its next answers. */
  route(path: string, secret: string, script?: number[]): void;
  on(path: string): ReceivedEvent[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const routes = new Map<string, { secret: string; script: number[] }>();
  const events: ReceivedEvent[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const path = request.url ?? '/';
      const route = routes.get(path);
      let verified: ReceivedEvent['verified'] = null;
      if (route) {
        try {
          verified = new Webhook(route.secret).verify(raw, request.headers as Record<string, string>) as ReceivedEvent['verified'];
        } catch {
          verified = null;
        }
      }
      const status = !route ? 404 : !verified ? 401 : (route.script.shift() ?? 204);
      events.push({ path, headers: request.headers, raw, verified, status });
      // A scripted 3xx points at another path of this receiver, which records whether it was followed.
      const headers = status >= 300 && status < 400 ? { 'content-type': 'text/plain', location: `${path}/redirected` } : { 'content-type': 'text/plain' };
      response.writeHead(status, headers).end(status >= 400 ? `receiver says ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    route(path, secret, script = []) {
      routes.set(path, { secret, script: [...script] });
    },
    on(path) {
      return events.filter((event) => event.path === path);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
