import { isIP } from "node:net";

/**
 * The client address that the sign-in limit keys (server/auth/signin-limit.ts).
 *
 * It comes from the TCP connection: server/http.ts writes it into this request header on every
 * request, replacing whatever the client sent under that name, so that Next's handlers (the auth
 * route, the sign-in page's server action) read an address the client cannot choose.
 * `X-Forwarded-For` is ignored unless TRUST_PROXY names how many reverse proxies stand in front.
 */
export const CLIENT_ADDRESS_HEADER = "x-vmon-client-address";

/** What a request reaching Next without the header (not through server/http.ts) is keyed as. */
export const UNKNOWN_ADDRESS = "unknown";

/** The 8 groups of an IPv6 address (no zone), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address;
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[2]!.split(".").map(Number) as [number, number, number, number];
    text = `${v4[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const zeros = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...new Array<number>(Math.max(0, zeros)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/**
 * The key of an address: IPv4 as it is (also when written as IPv4-mapped IPv6, `::ffff:a.b.c.d`);
 * IPv6 by its /64 prefix, because one host usually holds a whole /64 and could otherwise take a
 * new address for every 30 attempts; anything else is `unknown`.
 */
export function addressKey(address: string | undefined): string {
  const text = (address ?? "").trim().replace(/%.*$/, ""); // an IPv6 zone (fe80::1%eth0) names no host
  const kind = isIP(text);
  if (kind === 4) return text;
  if (kind !== 6) return UNKNOWN_ADDRESS;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) return mapped[1]!;
  const groups = ipv6Groups(text);
  if (!groups) return UNKNOWN_ADDRESS;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** An `X-Forwarded-For` entry without the port or brackets some proxies add. */
function bareAddress(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}

/**
 * The client's address key for a connection: the socket's peer, or with `trustedProxies` = N > 0
 * the address N entries from the right of the chain `X-Forwarded-For entries…, socket peer`
 * (each trusted proxy appends the address it was connected from; entries further left were
 * written by the client and prove nothing). A chain shorter than that gives its leftmost entry.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies <= 0) return addressKey(socketAddress);
  const entries = [forwardedFor ?? []]
    .flat()
    .flatMap((h) => h.split(","))
    .map((e) => bareAddress(e.trim()))
    .filter(Boolean);
  const chain = [...entries, socketAddress ?? ""];
  return addressKey(chain[Math.max(0, chain.length - 1 - trustedProxies)]);
}

/** The client address key of a request that came through server/http.ts. */
export function clientAddressOf(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || UNKNOWN_ADDRESS;
}
