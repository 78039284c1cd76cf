import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestStorage, signUpVerified, startTestServer, STRONG_PASSWORD, uniqueEmail, type TestServer, type TestStorage } from '../helpers';

/**
 * PostgreSQL unreachable: a TCP proxy between the server and PostgreSQL is stopped and started
 * again (the shared database server itself is never touched). Readiness and every API call say
 * 503 with a clear message while it is down and recover without a restart; liveness stays up throughout.
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
    const cookie = await signUpVerified(server.baseUrl, { name: 'Outage', email: uniqueEmail('outage'), password: STRONG_PASSWORD });

    await proxy.close();
    // Ordinary API calls, reads and writes alike, say the same: 503, a clear message, Retry-After.
    const unavailable = { error: 'Service unavailable: the database cannot be reached. Please try again in a moment.' };
    for (const call of [api(server.baseUrl, '/api/profile', { cookie }), api(server.baseUrl, '/api/profile', { method: 'PATCH', cookie, body: { business_description: 'During the outage' } }), api(server.baseUrl, '/api/auth/sign-in/email', { body: { email: uniqueEmail('outage'), password: STRONG_PASSWORD } })]) {
      const response = await call;
      expect(response.status).toBe(503);
      expect(response.body).toEqual(unavailable);
      expect(response.headers.get('retry-after')).toBe('5');
    }
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
    // The same session works again: nothing was lost and nothing had to restart.
    const profile = await api(server.baseUrl, '/api/profile', { cookie });
    expect(profile.status).toBe(200);
    expect(profile.body.business_description).not.toBe('During the outage');
    await server.close();
    server = undefined;
    await proxy.close();
  });
});
