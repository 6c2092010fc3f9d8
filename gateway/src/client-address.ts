import { BlockList, isIP } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
export const normalizeAddress = (address: string) => {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1]! : trimmed;
};

/** Parses `TRUSTED_PROXIES`: IPs and CIDRs, comma-separated. Throws on an entry that is neither. */
export function trustedProxies(entries: readonly string[]) {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const normalized = normalizeAddress(address);
    const family = isIP(normalized);
    if (family === 0) throw new Error(`${entry} is not an IP address or CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) {
      list.addAddress(normalized, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`${entry} has a bad prefix length`);
    }
    list.addSubnet(normalized, bits, type);
  }
  // the answer per address is kept: checking builds a SocketAddress each time, and callers are few
  const known = new Map<string, boolean>();
  return (address: string) => {
    let trusted = known.get(address);
    if (trusted === undefined) {
      const normalized = normalizeAddress(address);
      const family = isIP(normalized);
      trusted = family !== 0 && list.check(normalized, family === 4 ? 'ipv4' : 'ipv6');
      if (known.size >= 10000) known.clear();
      known.set(address, trusted);
    }
    return trusted;
  };
}

/**
 * The address a client cannot forge: the socket's peer, unless that peer is one of our
 * trusted proxies; then the right-most `X-Forwarded-For` entry that is not a trusted proxy
 * (entries further left were written by the client and prove nothing).
 */
export function clientAddressOf(
  socketAddress: string,
  forwardedFor: string | undefined,
  isTrusted: (address: string) => boolean,
) {
  const peer = normalizeAddress(socketAddress);
  if (!isTrusted(peer) || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(',')
    .map(normalizeAddress)
    .filter((hop) => hop.length > 0);
  for (let index = hops.length - 1; index >= 0; index--) {
    if (!isTrusted(hops[index]!)) return hops[index]!;
  }
  return hops[0] ?? peer;
}
