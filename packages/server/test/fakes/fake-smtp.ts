import { createServer, type AddressInfo } from 'node:net';

export interface FakeSmtp {
  url: string;
  /** Each accepted message, raw (headers and body). */
  received: string[];
  close(): Promise<void>;
}

/** Just enough SMTP to accept messages and keep them, for tests of what the mailer really sends. */
export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data = '';
    let inData = false;
    let pending = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\r\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            data = '';
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake\r\n');
        else if (command === 'MAIL' || command === 'RCPT' || command === 'RSET' || command === 'NOOP') socket.write('250 OK\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
