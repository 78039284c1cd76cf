import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, extractLinks } from '../src/services/mailer';
import type { Db } from '../src/db/client';

/** Just enough SMTP to accept one message at a time and keep what was sent. */
function fakeSmtp(received: string[]): Server {
  return createServer((socket) => {
    let data = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
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
}

const received: string[] = [];
let smtp: Server;

beforeAll(async () => {
  smtp = fakeSmtp(received);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

describe('mailer', () => {
  it('sends over SMTP_URL when configured and never touches the outbox', async () => {
    const { port } = smtp.address() as AddressInfo;
    const db = new Proxy({}, { get: () => { throw new Error('the outbox must not be used'); } }) as Db;
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Citable <no-reply@citable.test>', db, log: { info: () => undefined } });
    await mailer.send({ to: 'ann@example.com', subject: 'Hello there', text: 'Visit https://citable.test/x?a=1&b=2 now' });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Hello there');
    expect(received[0]).toContain('To: ann@example.com');
    expect(received[0]).toContain('From: Citable <no-reply@citable.test>');
  });

  it('extracts the links of a message', () => {
    expect(extractLinks('a https://x.test/a?b=1&c=2 and http://y.test/, again https://x.test/a?b=1&c=2')).toEqual(['https://x.test/a?b=1&c=2', 'http://y.test/']);
  });
});
