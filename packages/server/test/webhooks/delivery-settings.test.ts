import { describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_MAX_ATTEMPTS } from '@citable/contract';
import { readWebhookSettings } from '../../src/settings/webhooks';
import { WebhookDispatcher, type DispatcherDeps } from '../../src/features/webhooks/dispatcher';
import { newSigningSecret, signatureHeaders } from '../../src/features/webhooks/signing';

const fail = (message: string) => new Error(message);

describe('WEBHOOK_RETRY_DELAY_SECONDS', () => {
  it('defaults to 30 s and takes whole seconds from 0 to 3600', () => {
    expect(readWebhookSettings({}, fail)).toEqual({ retryDelaySeconds: 30 });
    expect(readWebhookSettings({ WEBHOOK_RETRY_DELAY_SECONDS: ' ' }, fail)).toEqual({ retryDelaySeconds: 30 });
    expect(readWebhookSettings({ WEBHOOK_RETRY_DELAY_SECONDS: '0' }, fail)).toEqual({ retryDelaySeconds: 0 });
    expect(readWebhookSettings({ WEBHOOK_RETRY_DELAY_SECONDS: '3600' }, fail)).toEqual({ retryDelaySeconds: 3600 });
    for (const value of ['-1', '3601', '1.5', 'soon']) expect(() => readWebhookSettings({ WEBHOOK_RETRY_DELAY_SECONDS: value }, fail), value).toThrow(/WEBHOOK_RETRY_DELAY_SECONDS/);
  });
});

describe('the delivery queue', () => {
  const queueWith = (retryDelaySeconds: number) => new WebhookDispatcher({ settings: { retryDelaySeconds } } as DispatcherDeps).deliverJob.queue;

  it(`makes ${WEBHOOK_MAX_ATTEMPTS} attempts in all, backing off exponentially from the configured delay`, () => {
    expect(queueWith(30)).toMatchObject({ retryLimit: WEBHOOK_MAX_ATTEMPTS - 1, retryDelay: 30, retryBackoff: true });
  });

  it('retries at once without backoff when the delay is 0 (pg-boss backs off from at least 1 s)', () => {
    expect(queueWith(0)).toMatchObject({ retryLimit: WEBHOOK_MAX_ATTEMPTS - 1, retryDelay: 0, retryBackoff: false });
  });
});

describe('signing', () => {
  it('signs "id.timestamp.body" so the official library verifies it, and nothing else', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'audit.completed', timestamp: new Date().toISOString(), data: { audit_id: 'a' } });
    const headers = signatureHeaders(secret, 'msg_1', now, body);
    expect(headers['webhook-signature']).toBe(`v1,${new Webhook(secret).sign('msg_1', new Date(now * 1000), body).split(',')[1]}`);
    expect(new Webhook(secret).verify(body, headers)).toMatchObject({ data: { audit_id: 'a' } });
    expect(() => new Webhook(secret).verify(body.replace('"a"', '"b"'), headers)).toThrow();
    expect(() => new Webhook(newSigningSecret()).verify(body, headers)).toThrow();
    // Keyed with the secret's decoded bytes, not its text.
    const textKeyed = createHmac('sha256', secret).update(`msg_1.${now}.${body}`).digest('base64');
    expect(headers['webhook-signature']).not.toBe(`v1,${textKeyed}`);
  });
});
