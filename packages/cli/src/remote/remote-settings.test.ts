import { describe, expect, it } from 'vitest';
import { CliError } from '../cli-error';
import { problemDetail } from './api-client';
import { DEFAULT_SERVER, remoteSettings } from './remote-settings';
import { errorPageOf } from './report-to-result';

describe('remoteSettings', () => {
  it('is off without a key, and refuses --server alone rather than ignoring it', () => {
    expect(remoteSettings({})).toBeUndefined();
    expect(remoteSettings({ CITABLE_API_KEY: '  ', CITABLE_SERVER: 'https://a.example' })).toBeUndefined();
    expect(() => remoteSettings({}, 'https://a.example')).toThrow(CliError);
  });

  it('takes --server over CITABLE_SERVER over the default, without a trailing slash', () => {
    const key = { CITABLE_API_KEY: 'ck_live_x' };
    expect(remoteSettings(key)).toEqual({ server: DEFAULT_SERVER, apiKey: 'ck_live_x' });
    expect(DEFAULT_SERVER).toBe('http://localhost:3000');
    expect(remoteSettings({ ...key, CITABLE_SERVER: 'https://env.example/citable/' })?.server).toBe('https://env.example/citable');
    expect(remoteSettings({ ...key, CITABLE_SERVER: 'https://env.example' }, 'https://flag.example/')?.server).toBe('https://flag.example');
  });

  it('refuses an address that is not http(s) or carries credentials, naming where it came from', () => {
    const key = { CITABLE_API_KEY: 'ck_live_x' };
    expect(() => remoteSettings({ ...key, CITABLE_SERVER: 'ftp://x.example' })).toThrow('CITABLE_SERVER must be an http(s) URL, not "ftp://x.example"');
    expect(() => remoteSettings(key, 'https://user:pw@x.example')).toThrow('--server must not carry credentials');
  });
});

describe('problemDetail', () => {
  it('reads RFC 9457 detail first, then the older error field, never the bare title', () => {
    expect(problemDetail({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Upgrade to Pro.', error: 'old' })).toBe('Upgrade to Pro.');
    expect(problemDetail({ error: 'Invalid or revoked API key.' })).toBe('Invalid or revoked API key.');
    expect(problemDetail({ title: 'Internal Server Error', status: 500 })).toBeUndefined();
    expect(problemDetail('text')).toBeUndefined();
  });
});

describe('errorPageOf', () => {
  it('reads the error page out of the server\'s message, and nothing else', () => {
    expect(errorPageOf('https://a.example/x answered 404 Not Found; error pages are not audited.')).toEqual({ url: 'https://a.example/x', status: 404, reason: 'answered 404 Not Found' });
    expect(errorPageOf('https://a.example/x says the page was not found; error pages are not audited.')).toMatchObject({ status: 200 });
    expect(errorPageOf('Failed to run audit. Please try again.')).toBeUndefined();
  });
});
