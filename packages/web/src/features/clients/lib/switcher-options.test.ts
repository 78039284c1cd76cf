import { describe, expect, it } from 'vitest';
import { OWN_ACCOUNT, switchAnnouncement, switcherOptions } from './switcher-options';

const client = (id: string, name: string, primaryUrl: string | null = null) => ({ id, name, primaryUrl, createdAt: '2026-11-22T00:00:00Z' });

describe('switcherOptions', () => {
  it('puts "My account" first and the clients by name after it', () => {
    const options = switcherOptions([client('b', 'zephyr Bakery', 'https://zephyr.example.com'), client('a', 'Alder Law')]);
    expect(options.map((option) => option.label)).toEqual(['My account', 'Alder Law', 'zephyr Bakery']);
    expect(options[0].value).toBe(OWN_ACCOUNT);
    expect(options[2].hint).toBe('https://zephyr.example.com');
  });

  it('announces the client or the own account', () => {
    const options = switcherOptions([client('a', 'Alder Law')]);
    expect(switchAnnouncement(options[1])).toBe('Now showing Alder Law.');
    expect(switchAnnouncement(options[0])).toBe('Now showing your own account.');
  });
});
