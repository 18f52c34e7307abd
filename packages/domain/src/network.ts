/**
 * Which addresses the public RCON tester may reach. Pure parsing of IP literals (no DNS, no I/O): the api
 * resolves a name first and asks this about every address it got.
 */

export type TAddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'metadata'
  | 'reserved'
  | 'invalid';

/** Words for a refusal message ('... is a loopback address'). */
export const ADDRESS_CLASS_LABEL: Record<Exclude<TAddressClass, 'public'>, string> = {
  unspecified: 'an unspecified',
  loopback: 'a loopback',
  private: 'a private-network',
  'link-local': 'a link-local',
  cgnat: 'a carrier-grade NAT (CGNAT)',
  multicast: 'a multicast or broadcast',
  metadata: 'a cloud metadata',
  reserved: 'a reserved (non-routable)',
  invalid: 'an invalid',
};

/** The four octets of a dotted-quad IPv4 address (strict: decimal, no leading zeros), or null. */
export function parseIPv4(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

/**
 * The eight 16-bit groups of an IPv6 address ('::' compression and a trailing dotted IPv4 allowed; a zone
 * such as '%eth0' is ignored), or null.
 */
export function parseIPv6(text: string): number[] | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%[^%]*$/, '');
  if (!/^[0-9a-fA-F:.]+$/.test(address) || !address.includes(':')) return null;
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string): number[] | null => {
    if (part === '') return [];
    const pieces = part.split(':');
    const groups: number[] = [];
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i] as string;
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        groups.push(((v4[0] as number) << 8) | (v4[1] as number), ((v4[2] as number) << 8) | (v4[3] as number));
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(piece)) return null;
        groups.push(Number.parseInt(piece, 16));
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] as string);
  const tail = halves.length === 2 ? groupsOf(halves[1] as string) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}

function inV4(octets: number[], prefix: [number, number, number, number], bits: number): boolean {
  const value = octets.reduce((acc, octet) => acc * 256 + octet, 0);
  const base = prefix.reduce((acc, octet) => acc * 256 + octet, 0);
  const size = 2 ** (32 - bits);
  return Math.floor(value / size) === Math.floor(base / size);
}

function classifyV4(o: number[]): TAddressClass {
  if (inV4(o, [169, 254, 169, 254], 32)) return 'metadata';
  // Alibaba Cloud's metadata service sits inside CGNAT space; named so the message says what it is.
  if (inV4(o, [100, 100, 100, 200], 32)) return 'metadata';
  if (inV4(o, [0, 0, 0, 0], 8)) return 'unspecified';
  if (inV4(o, [127, 0, 0, 0], 8)) return 'loopback';
  if (inV4(o, [10, 0, 0, 0], 8) || inV4(o, [172, 16, 0, 0], 12) || inV4(o, [192, 168, 0, 0], 16)) return 'private';
  if (inV4(o, [169, 254, 0, 0], 16)) return 'link-local';
  if (inV4(o, [100, 64, 0, 0], 10)) return 'cgnat';
  if (inV4(o, [224, 0, 0, 0], 4) || inV4(o, [255, 255, 255, 255], 32)) return 'multicast';
  // IETF protocol assignments (Oracle Cloud's metadata is 192.0.0.192), documentation, benchmarking and
  // the old class E: none is a game server on the internet.
  if (
    inV4(o, [192, 0, 0, 0], 24) ||
    inV4(o, [192, 0, 2, 0], 24) ||
    inV4(o, [198, 51, 100, 0], 24) ||
    inV4(o, [203, 0, 113, 0], 24) ||
    inV4(o, [198, 18, 0, 0], 15) ||
    inV4(o, [240, 0, 0, 0], 4)
  ) {
    return 'reserved';
  }
  return 'public';
}

/** The IPv4 address inside an IPv6 one (groups 6 and 7) as octets. */
function embeddedV4(g: number[], from = 6): number[] {
  const high = g[from] as number;
  const low = g[from + 1] as number;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff];
}

function classifyV6(g: number[]): TAddressClass {
  const first = g[0] as number;
  const zeroUpTo = (n: number) => g.slice(0, n).every((group) => group === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and the deprecated ::a.b.c.d reach the IPv4 address itself.
  if (zeroUpTo(5) && g[5] === 0xffff) return classifyV4(embeddedV4(g));
  if (zeroUpTo(6)) return classifyV4(embeddedV4(g));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) lead to the IPv4 address they carry.
  if (first === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) {
    return classifyV4(embeddedV4(g));
  }
  if (first === 0x2002) return classifyV4(embeddedV4(g, 1));
  // AWS's IPv6 metadata endpoint (fd00:ec2::254) is unique-local anyway; named for the message.
  if (first === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((group) => group === 0) && g[7] === 0x254) {
    return 'metadata';
  }
  if ((first & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return 'link-local'; // fe80::/10
  if ((first & 0xffc0) === 0xfec0) return 'private'; // fec0::/10, the old site-local
  if ((first & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  // Teredo (2001::/32) hides the real IPv4 target; documentation (2001:db8::/32); discard (100::/64).
  if (first === 0x2001 && (g[1] === 0 || g[1] === 0x0db8)) return 'reserved';
  if (first === 0x0100 && g.slice(1, 4).every((group) => group === 0)) return 'reserved';
  // Only global unicast (2000::/3) is routed on the internet today.
  if ((first & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

/** What kind of address an IP literal is; 'invalid' when it is not an IP address at all. */
export function classifyAddress(ip: string): TAddressClass {
  const v4 = parseIPv4(ip);
  if (v4) return classifyV4(v4);
  const v6 = parseIPv6(ip);
  if (v6) return classifyV6(v6);
  return 'invalid';
}

/** True only for an address on the public internet: never loopback, private, link-local, CGNAT, multicast or metadata. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === 'public';
}

/** True when the text is an IPv4 or IPv6 literal (IPv6 optionally in brackets). */
export function isIpLiteral(text: string): boolean {
  return parseIPv4(text) !== null || parseIPv6(text) !== null;
}
