import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client';
import { currentClientId, scopedQueryKeyHash, scopeHeaders, setClientId, subscribeClientId } from './client-scope';
import { previewKey } from '../features/invite/api/invite-api';

const CLIENT_A = '0b6f2f0e-4b7c-4d8e-9d3a-0a1b2c3d4e5f';
const CLIENT_B = '9c1e7a55-2d3f-4a6b-8c9d-aabbccddeeff';

afterEach(() => {
  setClientId(null);
  vi.unstubAllGlobals();
});

describe('client scope', () => {
  it('sends X-Citable-Client on every API call while a client is selected, and none for the own account', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiClient.get('/api/profile');
    setClientId(CLIENT_A);
    await apiClient.post('/api/audits', { url: 'https://a.example.com' });
    const headers = fetchMock.mock.calls.map((call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>);
    expect(headers[0]['x-citable-client']).toBeUndefined();
    expect(headers[1]['x-citable-client']).toBe(CLIENT_A);
    expect(headers[1]['Content-Type']).toBe('application/json');
  });

  it('hashes client data per client, so one client never reads another one’s cache', () => {
    const own = scopedQueryKeyHash(['profile', 'user-1']);
    setClientId(CLIENT_A);
    const a = scopedQueryKeyHash(['profile', 'user-1']);
    setClientId(CLIENT_B);
    const b = scopedQueryKeyHash(['profile', 'user-1']);
    expect(new Set([own, a, b]).size).toBe(3);
    expect(a).toContain(CLIENT_A);
  });

  it('keeps personal data (session, workspaces) under one key whatever the client', () => {
    const before = scopedQueryKeyHash(['workspaces', 'user-1']);
    setClientId(CLIENT_A);
    expect(scopedQueryKeyHash(['workspaces', 'user-1'])).toBe(before);
    expect(scopedQueryKeyHash(['session'])).toBe('["session"]');
  });

  it('keeps the invitation being joined under one key, so selecting the joined client does not fetch the spent invitation again', () => {
    const before = scopedQueryKeyHash(previewKey('token-1'));
    setClientId(CLIENT_A);
    expect(scopedQueryKeyHash(previewKey('token-1'))).toBe(before);
  });

  it('ignores anything that is not a client id and tells subscribers about real changes only', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeClientId(listener);
    setClientId('../../admin');
    expect(currentClientId()).toBeNull();
    expect(listener).not.toHaveBeenCalled();
    setClientId(CLIENT_A);
    setClientId(CLIENT_A);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(scopeHeaders()).toEqual({ 'x-citable-client': CLIENT_A });
    unsubscribe();
  });
});
