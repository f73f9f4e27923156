import ipaddr from 'ipaddr.js';

/** Whether an entry of an IP allowlist is a valid address or CIDR range. */
export function isValidAllowEntry(entry: string): boolean {
  try {
    if (entry.includes('/')) ipaddr.parseCIDR(entry);
    else ipaddr.parse(entry);
    return true;
  } catch {
    return false;
  }
}

/** True when `ip` lies in one of the ranges; an empty list allows every address. */
export function ipAllowed(ip: string, entries: readonly string[]): boolean {
  if (entries.length === 0) return true;
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // IPv4-mapped IPv6 (::ffff:10.0.0.1) compares as the IPv4 address it carries.
    address = ipaddr.process(ip);
  } catch {
    return false;
  }
  return entries.some((entry) => {
    try {
      const [range, bits] = entry.includes('/')
        ? ipaddr.parseCIDR(entry)
        : (() => {
            const single = ipaddr.process(entry);
            return [single, single.kind() === 'ipv4' ? 32 : 128] as const;
          })();
      const normalized =
        range.kind() === 'ipv6' && (range as ipaddr.IPv6).isIPv4MappedAddress()
          ? (range as ipaddr.IPv6).toIPv4Address()
          : range;
      return normalized.kind() === address.kind() && address.match(normalized, bits);
    } catch {
      return false;
    }
  });
}
