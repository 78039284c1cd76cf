import { MESSAGES, REQUEST_TIMEOUT_MS } from '@citable/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, ApiRequestError } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiClient', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(apiClient.post('/api/x', { a: 1 })).resolves.toEqual({ ok: 1 });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("uses the server's error text, with status and body", async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'Your plan allows 1 website.', requiredPlan: 'core' }), { status: 403, statusText: 'Forbidden' }));
    const error = await apiClient.patch('/api/profile', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('Your plan allows 1 website.');
    expect((error as ApiRequestError).status).toBe(403);
    expect((error as ApiRequestError).body?.requiredPlan).toBe('core');
  });

  it('falls back to "API request failed: {status} {statusText}"', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiClient.get('/api/x')).rejects.toThrow(MESSAGES.network.apiFailed(502, 'Bad Gateway'));
  });

  it('times out after 10 s with the spec message', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    const pending = apiClient.get('/api/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const error = await pending;
    expect((error as Error).message).toBe(MESSAGES.network.timeout);
  });
});
