import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "~/server/env";

/**
 * The SSRF guard of webhook URLs (docs/webhooks.md, "Which URLs are allowed"). Only http and https;
 * the host's addresses are resolved and every one must be public: loopback, private, link-local
 * (cloud metadata at 169.254.169.254 included), carrier-grade NAT, multicast, reserved and
 * documentation ranges are refused, in IPv4 and IPv6 (unique-local, link-local, and IPv4 carried in
 * IPv6: mapped, NAT64, 6to4). The delivery connects to the address that was checked, never to a
 * second lookup's answer (no DNS rebinding). WEBHOOKS_ALLOW_PRIVATE=1 turns the address check off
 * (tests, self-hosting next to the receiver); the scheme check stays.
 *
 * Host names are resolved with c-ares (`dns.promises.Resolver`: A and AAAA queries on the event
 * loop), never with `dns.lookup`, which runs getaddrinfo on libuv's thread pool: a slow DNS server
 * would hold pool threads that password hashing (scrypt) and file I/O also wait for. A resolution
 * has a deadline (the caller's; 5 s by default) and is cancelled when it passes. `localhost` and
 * `*.localhost` are the loopback addresses (RFC 6761), as the hosts file says, without a query.
 */

/**
 * A refused webhook URL. Its message says what is wrong with the URL as a phrase whose subject is
 * the URL ("must use http or https", "names a host whose address could not be found (x.example)"),
 * so that every place that shows it reads: the API's `url: <reason>`, the settings page's "The URL
 * <reason>." and the delivery log's "URL refused: <reason>".
 */
export class UnsafeUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafeUrlError";
  }
}

/** [first address, prefix length] of each refused IPv4 range. */
const V4_REFUSED: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

const v4ToInt = (a: string): number => a.split(".").reduce((n, part) => n * 256 + Number(part), 0);

const V4_RANGES = V4_REFUSED.map(([first, bits]) => {
  const size = 2 ** (32 - bits);
  const start = v4ToInt(first);
  return { start, end: start + size - 1 };
});

function isPublicV4(address: string): boolean {
  const n = v4ToInt(address);
  return !V4_RANGES.some((r) => n >= r.start && n <= r.end);
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail included). */
function v6Groups(address: string): number[] {
  let a = address.toLowerCase();
  const zone = a.indexOf("%");
  if (zone >= 0) a = a.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    a = `${a.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = a.includes("::") ? a.split("::") : [a, undefined];
  const h = head ? head.split(":").filter((x) => x !== "") : [];
  const t = tail ? tail.split(":").filter((x) => x !== "") : [];
  const zeros = tail === undefined ? [] : new Array(8 - h.length - t.length).fill("0");
  return [...h, ...zeros, ...t].map((g) => parseInt(g, 16));
}

const v4FromGroups = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

function isPublicV6(address: string): boolean {
  const g = v6Groups(address);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return false;
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  if (g.slice(0, 7).every((x) => x === 0)) return false; // :: and ::1 (and the deprecated IPv4-compatible ::a.b.c.d)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return isPublicV4(v4FromGroups(g6, g7)); // ::ffff:a.b.c.d
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return false; // ::ffff:0:a.b.c.d (SIIT)
  if (g0 === 0x64 && g1 === 0xff9b) return g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && isPublicV4(v4FromGroups(g6, g7)); // NAT64
  if (g0 === 0x2002) return isPublicV4(v4FromGroups(g1, g2)); // 6to4 carries an IPv4 address
  if ((g0 & 0xfe00) === 0xfc00) return false; // unique local fc00::/7 (AWS metadata fd00:ec2::254 too)
  if ((g0 & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return false; // site-local (deprecated) fec0::/10
  if ((g0 & 0xff00) === 0xff00) return false; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return false; // discard-only 100::/64
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments 2001::/23 (Teredo included)
  return (g0 & 0xe000) === 0x2000; // only global unicast 2000::/3 is public
}

/** Whether an IP address (v4 or v6) may be reached by a webhook. */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return isPublicV4(address);
  if (kind === 6) return isPublicV6(address);
  return false;
}

/** The host's resolution did not finish before its deadline (a slow or unanswering DNS server). */
export class ResolveTimeoutError extends UnsafeUrlError {
  constructor(message: string) {
    super(message);
    this.name = "ResolveTimeoutError";
  }
}

export interface TCheckedTarget {
  url: URL;
  /** The host name without IPv6 brackets. */
  host: string;
  /** The address to connect to (checked), and its family. */
  address: string;
  family: 4 | 6;
}

const privateAllowed = () => env().WEBHOOKS_ALLOW_PRIVATE === "1";

/** Parses a webhook URL and checks its form (scheme, no credentials, a host). */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError("must be an absolute http or https URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UnsafeUrlError("must use http or https");
  if (url.username || url.password) throw new UnsafeUrlError("must not contain a user name or password");
  if (!url.hostname) throw new UnsafeUrlError("must name a host");
  return url;
}

/** What answers A and AAAA queries (a c-ares Resolver; tests hand in their own). */
export interface TResolver {
  resolve4(host: string): Promise<string[]>;
  resolve6(host: string): Promise<string[]>;
  /** Ends the outstanding queries (called when the deadline passes). */
  cancel(): void;
}

/** How long resolving a webhook's host may take when the caller sets no deadline (create, update). */
const RESOLVE_TIMEOUT_MS = 5_000;

/** A c-ares resolver of its own per resolution, so that cancelling it ends only its queries. */
const systemResolver = (): TResolver => new Resolver({ timeout: 1_000, tries: 2 });

export interface TResolveOptions {
  /** Epoch milliseconds by which the addresses must be known. */
  deadline?: number;
  resolver?: () => TResolver;
}

type TAddress = { address: string; family: 4 | 6 };

const LOOPBACK: TAddress[] = [
  { address: "127.0.0.1", family: 4 },
  { address: "::1", family: 6 },
];

/** The host's addresses, IPv4 first; UnsafeUrlError when it has none or the deadline passes. */
async function resolveHost(host: string, opts: TResolveOptions): Promise<TAddress[]> {
  const kind = isIP(host);
  if (kind) return [{ address: host, family: kind === 6 ? 6 : 4 }];
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return LOOPBACK;
  const resolver = (opts.resolver ?? systemResolver)();
  const left = Math.max(0, (opts.deadline ?? Date.now() + RESOLVE_TIMEOUT_MS) - Date.now());
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), left);
  });
  const answers = Promise.allSettled([resolver.resolve4(name), resolver.resolve6(name)]);
  const outcome = await Promise.race([answers, timedOut]);
  clearTimeout(timer);
  if (outcome === "timeout") {
    resolver.cancel();
    throw new ResolveTimeoutError(`names a host whose address was not found within ${left} ms (${host})`);
  }
  const [v4, v6] = outcome;
  return [
    ...(v4.status === "fulfilled" ? v4.value.map((address): TAddress => ({ address, family: 4 })) : []),
    ...(v6.status === "fulfilled" ? v6.value.map((address): TAddress => ({ address, family: 6 })) : []),
  ];
}

/**
 * Resolves the URL's host and checks every address it resolves to (one refused address refuses the
 * URL: a resolver could hand out either). Returns the address to connect to.
 */
export async function checkWebhookTarget(raw: string | URL, opts: TResolveOptions = {}): Promise<TCheckedTarget> {
  const url = typeof raw === "string" ? parseWebhookUrl(raw) : raw;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = await resolveHost(host, opts);
  if (addresses.length === 0) throw new UnsafeUrlError(`names a host whose address could not be found (${host})`);
  if (!privateAllowed()) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new UnsafeUrlError(
        `resolves to ${refused.address}, a loopback, private, link-local or reserved address; webhooks go to public addresses only`,
      );
    }
  }
  const first = addresses[0]!;
  return { url, host, address: first.address, family: first.family };
}
