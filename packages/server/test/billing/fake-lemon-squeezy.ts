import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Lemon Squeezy API, answering in its JSON:API shapes, that the real
 * SDK is pointed at (LEMONSQUEEZY_API_URL). It records every request so tests can assert what
 * the server sent, and serves the hosted checkout page its checkout URLs point to.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  authorization: string | undefined;
  body: any;
}

export interface FakeSubscriptionInput {
  id: string;
  customerId: string;
  variantId: string;
  status?: string;
  userEmail?: string;
  renewsAt?: string | null;
  endsAt?: string | null;
  trialEndsAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  testMode?: boolean;
}

/** A subscription object (`data`) with the attributes the provider documents. */
export function subscriptionObject(input: FakeSubscriptionInput, base = 'https://api.lemonsqueezy.com') {
  const createdAt = input.createdAt ?? '2026-11-01T10:00:00.000000Z';
  return {
    type: 'subscriptions',
    id: input.id,
    attributes: {
      store_id: 4242,
      customer_id: Number(input.customerId),
      order_id: 9001,
      order_item_id: 9002,
      product_id: 7001,
      variant_id: Number(input.variantId),
      product_name: 'Citable',
      variant_name: 'Plan',
      user_name: 'Test Buyer',
      user_email: input.userEmail ?? 'buyer@example.com',
      status: input.status ?? 'active',
      status_formatted: (input.status ?? 'active').replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
      card_brand: 'visa',
      card_last_four: '4242',
      pause: null,
      cancelled: input.status === 'cancelled',
      trial_ends_at: input.trialEndsAt ?? null,
      billing_anchor: 1,
      first_subscription_item: { id: 11, subscription_id: Number(input.id), price_id: 12, quantity: 1, is_usage_based: false, created_at: createdAt, updated_at: createdAt },
      urls: {
        update_payment_method: `https://citable-test.lemonsqueezy.com/subscription/${input.id}/payment-details?expires=1&signature=abc`,
        customer_portal: `https://citable-test.lemonsqueezy.com/billing?expires=1&user=1&signature=def`,
        customer_portal_update_subscription: `https://citable-test.lemonsqueezy.com/billing/${input.id}/update?expires=1&signature=ghi`,
      },
      renews_at: input.renewsAt === undefined ? '2026-12-01T10:00:00.000000Z' : input.renewsAt,
      ends_at: input.endsAt ?? null,
      created_at: createdAt,
      updated_at: input.updatedAt ?? createdAt,
      test_mode: input.testMode ?? false,
    },
    relationships: {
      store: { links: { related: `${base}/v1/subscriptions/${input.id}/store`, self: `${base}/v1/subscriptions/${input.id}/relationships/store` } },
      customer: { links: { related: `${base}/v1/subscriptions/${input.id}/customer`, self: `${base}/v1/subscriptions/${input.id}/relationships/customer` } },
    },
    links: { self: `${base}/v1/subscriptions/${input.id}` },
  };
}

/** An order object (`data`), for order_created. */
export function orderObject(input: { id: string; customerId: string; userEmail: string }) {
  return {
    type: 'orders',
    id: input.id,
    attributes: {
      store_id: 4242,
      customer_id: Number(input.customerId),
      identifier: randomUUID(),
      order_number: 1001,
      user_name: 'Test Buyer',
      user_email: input.userEmail,
      currency: 'USD',
      status: 'paid',
      status_formatted: 'Paid',
      total: 6000,
      total_formatted: '$60.00',
      urls: { receipt: `https://app.lemonsqueezy.com/my-orders/${input.id}` },
      created_at: '2026-11-01T10:00:00.000000Z',
      updated_at: '2026-11-01T10:00:00.000000Z',
      test_mode: false,
    },
  };
}

/** A webhook body as the provider sends it: meta (event, test mode, checkout custom data) and data. */
export function webhookBody(eventName: string, data: unknown, options: { customData?: Record<string, string>; testMode?: boolean } = {}): string {
  return JSON.stringify({
    meta: { test_mode: options.testMode ?? false, event_name: eventName, webhook_id: randomUUID(), ...(options.customData ? { custom_data: options.customData } : {}) },
    data,
  });
}

export function sign(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function jsonApiError(response: ServerResponse, status: number, detail: string): void {
  response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
  response.end(JSON.stringify({ jsonapi: { version: '1.0' }, errors: [{ detail, status: String(status), title: 'Error' }] }));
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/vnd.api+json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

export class FakeLemonSqueezy {
  readonly requests: FakeRequest[] = [];
  readonly subscriptions = new Map<string, ReturnType<typeof subscriptionObject>>();
  readonly invoices: { subscriptionId: string; data: unknown }[] = [];
  /** When set, POST /v1/checkouts answers without a URL. */
  checkoutWithoutUrl = false;
  /** When set, cancelling answers this status instead of cancelling. */
  cancelFailsWith: number | null = null;
  baseUrl = '';
  private server: Server | undefined;

  constructor(readonly apiKey: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => jsonApiError(response, 500, String(error)));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  putSubscription(input: FakeSubscriptionInput): ReturnType<typeof subscriptionObject> {
    const object = subscriptionObject(input);
    this.subscriptions.set(input.id, object);
    return object;
  }

  addInvoice(subscriptionId: string, input: { id: string; status: string; total: string; createdAt: string }): void {
    this.invoices.push({
      subscriptionId,
      data: {
        type: 'subscription-invoices',
        id: input.id,
        attributes: {
          store_id: 4242,
          subscription_id: Number(subscriptionId),
          customer_id: 1,
          user_name: 'Test Buyer',
          user_email: 'buyer@example.com',
          billing_reason: 'renewal',
          card_brand: 'visa',
          card_last_four: '4242',
          currency: 'USD',
          status: input.status,
          status_formatted: input.status.replace(/^./, (c) => c.toUpperCase()),
          refunded: false,
          total: 6000,
          total_formatted: input.total,
          urls: { invoice_url: `https://app.lemonsqueezy.com/my-orders/invoice/${input.id}` },
          created_at: input.createdAt,
          updated_at: input.createdAt,
          test_mode: false,
        },
      },
    });
  }

  received(method: string, path: string): FakeRequest[] {
    return this.requests.filter((request) => request.method === method && request.path === path);
  }

  private cancel(id: string): ReturnType<typeof subscriptionObject> | undefined {
    const existing = this.subscriptions.get(id);
    if (!existing) return undefined;
    const now = new Date().toISOString();
    const cancelled = { ...existing, attributes: { ...existing.attributes, status: 'cancelled', status_formatted: 'Cancelled', cancelled: true, ends_at: existing.attributes.renews_at, updated_at: now } };
    this.subscriptions.set(id, cancelled);
    return cancelled;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.baseUrl);
    const method = request.method ?? 'GET';

    // The hosted checkout page a buyer is sent to: "Pay" returns to the redirect URL.
    const page = /^\/checkout\/custom\/([\w-]+)$/.exec(url.pathname);
    if (page && method === 'GET') {
      const created = this.requests.find((candidate) => candidate.path === '/v1/checkouts' && candidate.body?.checkoutId === page[1]);
      const redirect: string = created?.body?.data?.attributes?.product_options?.redirect_url ?? '/';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><link rel="icon" href="data:,"><title>Fake Lemon Squeezy checkout</title><h1>Fake Lemon Squeezy checkout</h1><a id="pay" href="${redirect.replace(/"/g, '&quot;')}">Pay</a>`);
      return;
    }

    if (!url.pathname.startsWith('/v1/')) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not found');
      return;
    }
    const body = method === 'POST' || method === 'PATCH' ? await readBody(request) : undefined;
    const recorded: FakeRequest = { method, path: url.pathname, query: url.searchParams, authorization: request.headers.authorization, body };
    this.requests.push(recorded);
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) return jsonApiError(response, 401, 'Unauthenticated.');

    if (method === 'POST' && url.pathname === '/v1/checkouts') {
      const id = randomUUID();
      recorded.body = { ...body, checkoutId: id };
      const attributes = body.data.attributes;
      return send(response, 201, {
        jsonapi: { version: '1.0' },
        links: { self: `${this.baseUrl}/v1/checkouts/${id}` },
        data: {
          type: 'checkouts',
          id,
          attributes: {
            store_id: Number(body.data.relationships.store.data.id),
            variant_id: Number(body.data.relationships.variant.data.id),
            custom_price: null,
            product_options: attributes.product_options ?? {},
            checkout_options: attributes.checkout_options ?? {},
            checkout_data: attributes.checkout_data ?? {},
            preview: false,
            expires_at: null,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
            test_mode: false,
            url: this.checkoutWithoutUrl ? null : `${this.baseUrl}/checkout/custom/${id}`,
          },
          links: { self: `${this.baseUrl}/v1/checkouts/${id}` },
        },
      });
    }

    const one = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
    if (one) {
      const id = one[1];
      if (!this.subscriptions.has(id)) return jsonApiError(response, 404, 'Not found.');
      if (method === 'GET') return send(response, 200, { jsonapi: { version: '1.0' }, data: this.subscriptions.get(id) });
      if ((method === 'DELETE' || (method === 'PATCH' && body?.data?.attributes?.cancelled === true)) && this.cancelFailsWith) {
        return jsonApiError(response, this.cancelFailsWith, 'The subscription could not be cancelled.');
      }
      if (method === 'DELETE' || (method === 'PATCH' && body?.data?.attributes?.cancelled === true)) return send(response, 200, { jsonapi: { version: '1.0' }, data: this.cancel(id) });
      if (method === 'PATCH') return send(response, 200, { jsonapi: { version: '1.0' }, data: this.subscriptions.get(id) });
    }

    if (method === 'GET' && url.pathname === '/v1/subscriptions') {
      const customer = url.searchParams.get('filter[customer_id]');
      const data = [...this.subscriptions.values()].filter((subscription) => !customer || String(subscription.attributes.customer_id) === customer);
      return send(response, 200, { meta: { page: { currentPage: 1, from: 1, lastPage: 1, perPage: 10, to: data.length, total: data.length } }, jsonapi: { version: '1.0' }, data });
    }

    if (method === 'GET' && url.pathname === '/v1/subscription-invoices') {
      const subscription = url.searchParams.get('filter[subscription_id]');
      const data = this.invoices.filter((invoice) => !subscription || invoice.subscriptionId === subscription).map((invoice) => invoice.data);
      return send(response, 200, { meta: { page: { currentPage: 1, from: 1, lastPage: 1, perPage: 100, to: data.length, total: data.length } }, jsonapi: { version: '1.0' }, data });
    }

    return jsonApiError(response, 404, `No fake for ${method} ${url.pathname}`);
  }
}
