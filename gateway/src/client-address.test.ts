import { describe, expect, it } from 'vitest';
import { clientAddressOf, trustedProxies } from './client-address';

describe('the client address', () => {
  const none = trustedProxies([]);
  const behindProxies = trustedProxies(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('203.0.113.5', '198.51.100.1', none)).toBe('203.0.113.5');
    expect(clientAddressOf('::ffff:127.0.0.1', '198.51.100.1, 10.0.0.1', none)).toBe('127.0.0.1');
  });

  it('behind trusted proxies is the right-most hop that is not one of them', () => {
    // the client wrote 1.1.1.1 itself; the proxy at 10.0.0.3 saw 203.0.113.9
    expect(clientAddressOf('10.0.0.3', '1.1.1.1, 203.0.113.9', behindProxies)).toBe('203.0.113.9');
    expect(clientAddressOf('10.0.0.3', '203.0.113.9, 192.0.2.7, 10.1.2.3', behindProxies)).toBe(
      '203.0.113.9',
    );
    expect(clientAddressOf('2001:db8::1', '2001:db9::5', behindProxies)).toBe('2001:db9::5');
  });

  it('falls back sensibly when the header is missing or names only proxies', () => {
    expect(clientAddressOf('10.0.0.3', undefined, behindProxies)).toBe('10.0.0.3');
    expect(clientAddressOf('10.0.0.3', '10.0.0.9, 192.0.2.7', behindProxies)).toBe('10.0.0.9');
    expect(clientAddressOf('203.0.113.5', '10.0.0.9', behindProxies)).toBe('203.0.113.5');
  });

  it('refuses entries that are not addresses or CIDRs', () => {
    expect(() => trustedProxies(['proxy.internal'])).toThrow(/not an IP address/);
    expect(() => trustedProxies(['10.0.0.0/33'])).toThrow(/prefix length/);
  });
});
