import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeApi {
  origin: string;
  /** Each request's method, path and Authorization header, in order. */
  requests: { method: string; path: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that answers as `answer` says: for the answers a real Citable server
 * gives only in circumstances a test cannot arrange cheaply (a rate limit, a crash, an audit that
 * never ends).
 */
export async function startFakeApi(answer: (request: IncomingMessage, response: ServerResponse) => void): Promise<FakeApi> {
  const requests: FakeApi['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ method: request.method ?? '', path: request.url ?? '', authorization: request.headers.authorization });
    request.resume().once('end', () => answer(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}
