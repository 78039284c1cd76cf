import { describe, expect, it } from 'vitest';
import { AllowList, classifyAddress, ipLiteral } from './address-policy';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.100.100.200', 'cloud metadata'],
    ['168.63.129.16', 'cloud metadata'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.1', 'benchmarking'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:0a00::', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['::a00:1', 'private'],
    ['2001::1', 'reserved'],
    ['4000::1', 'reserved'],
  ])('refuses %s as %s', (address, kind) => {
    expect(classifyAddress(address)).toMatchObject({ allowed: false, kind });
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::'])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address).allowed).toBe(true);
    },
  );

  it('names the IPv4 address an IPv6 address embeds', () => {
    expect(classifyAddress('64:ff9b::a00:1').embedded).toBe('10.0.0.1');
  });

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com').allowed).toBe(false);
  });
});

describe('ipLiteral', () => {
  it('recognises IPv4 and bracketed IPv6 host names', () => {
    expect(ipLiteral('127.0.0.1')).toBe('127.0.0.1');
    expect(ipLiteral('[::1]')).toBe('::1');
    expect(ipLiteral('example.com')).toBeNull();
  });
});

describe('AllowList', () => {
  it('matches host names and addresses in any spelling', () => {
    const list = new AllowList(['LocalHost', '127.0.0.1', '::1']);
    expect(list.allows('localhost')).toBe(true);
    expect(list.allows('localhost.')).toBe(true);
    expect(list.allows('0:0:0:0:0:0:0:1')).toBe(true);
    expect(list.allows('[::1]')).toBe(true);
    expect(list.allows('10.0.0.1')).toBe(false);
  });

  it('reads FETCH_ALLOW_HOSTS', () => {
    const list = AllowList.fromEnv({ FETCH_ALLOW_HOSTS: '127.0.0.1, localhost' });
    expect(list.allows('localhost')).toBe(true);
    expect(list.allows('127.0.0.1')).toBe(true);
    expect(AllowList.fromEnv({}).allows('127.0.0.1')).toBe(false);
  });
});
