import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  localAddress: string | undefined;
}

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  port: number;
  requests: RecordedRequest[];
  /** Most requests handled at the same time. */
  maxInFlight: number;
  close(): Promise<void>;
}

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => unknown;

/** A real HTTP server on 127.0.0.1 for tests; close() also drops connections a test left hanging. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const sockets = new Set<Socket>();
  let inFlight = 0;
  const state: TestServer = {
    origin: '',
    port: 0,
    requests: [],
    maxInFlight: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    state.requests.push({
      method: request.method ?? 'GET',
      path: request.url ?? '/',
      headers: request.headers,
      localAddress: request.socket.localAddress,
    });
    inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
    });
    Promise.resolve(handler(request, response)).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `http://127.0.0.1:${state.port}`;
  return state;
}

/** Lets tests talk to the local server and nothing else private. */
export const ALLOW_LOCAL = ['127.0.0.1'];

export function html(response: http.ServerResponse, body: string, status = 200, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers });
  response.end(body);
}
