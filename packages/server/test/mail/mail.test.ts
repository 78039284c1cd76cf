import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, extractLinks } from '../../src/mail/mailer';
import type { Db } from '../../src/db/client';
import { startFakeSmtp, type FakeSmtp } from '../fakes/fake-smtp';

let smtp: FakeSmtp;
let received: string[];

beforeAll(async () => {
  smtp = await startFakeSmtp();
  received = smtp.received;
});
afterAll(() => smtp.close());

describe('mailer', () => {
  it('sends over SMTP_URL when configured and never touches the outbox', async () => {
    const db = new Proxy({}, { get: () => { throw new Error('the outbox must not be used'); } }) as Db;
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Citable <no-reply@citable.test>', db, log: { info: () => undefined } });
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
