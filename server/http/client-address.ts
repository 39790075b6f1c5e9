import ipaddr from 'ipaddr.js';

/**
 * The key a per-address limit counts under. An IPv4 address as it is (also when it
 * comes mapped into IPv6); an IPv6 address by its /64: one subscriber's network holds 2^64 addresses, so a
 * key per address would give a client unlimited tries.
 */
export function addressKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${prefix.map((part) => part.toString(16)).join(':')}::/64`;
}
