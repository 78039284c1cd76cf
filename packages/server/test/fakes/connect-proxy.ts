import { createServer, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ConnectProxy {
  url: string;
  /** Every CONNECT target ("host:port") and every plain proxied request ("GET http://..."), in order. */
  seen: string[];
  close(): Promise<void>;
}

/**
 * A tiny forward proxy on 127.0.0.1, as HTTPS_PROXY / HTTP_PROXY name one: it tunnels CONNECT to
 * the hosts `allow` accepts (RFC 9110 §9.3.6) and answers 403 to the others, so a test proves
 * which requests went through it without reaching the internet.
 */
export async function startConnectProxy(allow: (host: string, port: number) => boolean): Promise<ConnectProxy> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    // A proxy asked in absolute form (no tunnel): recorded and refused, the tests expect tunnels.
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(502).end();
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    seen.push(target);
    const separator = target.lastIndexOf(':');
    const host = target.slice(0, separator);
    const port = Number(target.slice(separator + 1));
    if (!allow(host, port)) {
      client.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const upstream = connect(port, host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
