import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestStorage, startTestServer, type TestServer, type TestStorage } from '../helpers';

/**
 * PostgreSQL unreachable: a TCP proxy between the server and PostgreSQL is stopped and started
 * again (the shared database server itself is never touched). Readiness says 503 with a clear
 * message while it is down and recovers without a restart; liveness stays up throughout.
 */
function tcpProxy(target: URL, port: number): Promise<{ close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}

describe.runIf(process.env.DATABASE_URL)('PostgreSQL outage', () => {
  let storage: TestStorage;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    await storage?.remove();
  });

  it('answers 503 from /api/ready while the database is unreachable, and recovers without a restart', { timeout: 120_000 }, async () => {
    storage = await createTestStorage();
    const direct = new URL(storage.databaseUrl!);
    const probe = createServer();
    const port = await new Promise<number>((resolve) => probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)));
    await new Promise((resolve) => probe.close(resolve));
    let proxy = await tcpProxy(direct, port);
    const proxied = new URL(direct);
    proxied.host = `127.0.0.1:${port}`;
    server = await startTestServer({ storage: { ...storage, databaseUrl: proxied.toString(), remove: async () => undefined } });
    expect((await api(server.baseUrl, '/api/ready')).status).toBe(200);

    await proxy.close();
    const down = await api(server.baseUrl, '/api/ready');
    expect(down.status).toBe(503);
    expect(down.body.error).toMatch(/^Not ready: database unavailable/);
    expect((await api(server.baseUrl, '/api/health')).status).toBe(200);

    proxy = await tcpProxy(direct, port);
    const deadline = Date.now() + 30_000;
    let ready = await api(server.baseUrl, '/api/ready');
    while (ready.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      ready = await api(server.baseUrl, '/api/ready');
    }
    expect(ready.status).toBe(200);
    await server.close();
    server = undefined;
    await proxy.close();
  });
});
