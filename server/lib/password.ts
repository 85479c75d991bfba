import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { PASSWORD_COST, type TScryptCost } from "./password-cost";

/**
 * Password hashes: scrypt, stored as `scrypt$N=<N>,r=<r>,p=<p>$<salt b64>$<hash b64>` so that a
 * hash says how it was made and stays verifiable when the cost of new hashes changes
 * (password-cost.ts). The first format, `scrypt$<salt b64>$<hash b64>`, was made with Node's
 * defaults (N=2^14, r=8, p=1) and still verifies; `needsRehash` tells the sign-in to replace it.
 *
 * scrypt runs on libuv's thread pool (the async form), never on the event loop; hashes are compared
 * in constant time. A hash of N=2^17, r=8 needs 128 MiB while it runs, so parallel sign-ins use
 * up to 128 MiB each, at most as many at once as the thread pool has threads (4 by default).
 */

const KEY_LENGTH = 64;
const SALT_BYTES = 16;
/** The parameters of hashes written without them: Node's defaults at the time. */
const LEGACY_COST: TScryptCost = { N: 2 ** 14, r: 8, p: 1 };

/**
 * Memory scrypt may use: OpenSSL needs 128·r·(N + p + 2) bytes (V and B), just over 128·N·r;
 * Node refuses anything above `maxmem` (32 MiB by default, too little for N=2^17). A margin of 1 MiB.
 */
function maxmem({ N, r, p }: TScryptCost): number {
  return 128 * r * (N + p + 2) + 1024 * 1024;
}

function scrypt(password: string, salt: Buffer, length: number, cost: TScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: maxmem(cost) };
  return new Promise((resolve, reject) => scryptCb(password, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const cost = PASSWORD_COST;
  const salt = randomBytes(SALT_BYTES);
  const hash = await scrypt(password, salt, KEY_LENGTH, cost);
  return `scrypt$N=${cost.N},r=${cost.r},p=${cost.p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

interface TStoredHash {
  cost: TScryptCost;
  salt: Buffer;
  hash: Buffer;
}

/** Bounds on the parameters read from a stored hash: a damaged value must not ask for gigabytes (at most 256 MiB). */
function plausible({ N, r, p }: TScryptCost): boolean {
  return Number.isInteger(Math.log2(N)) && N >= 2 ** 10 && r >= 1 && 128 * N * r <= 2 ** 28 && p >= 1 && p <= 16;
}

function parse(stored: string | null | undefined): TStoredHash | undefined {
  const parts = (stored ?? "").split("$");
  if (parts[0] !== "scrypt") return undefined;
  let cost = LEGACY_COST;
  let rest = parts.slice(1);
  if (parts.length === 4) {
    const params = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(parts[1]!);
    if (!params) return undefined;
    cost = { N: Number(params[1]), r: Number(params[2]), p: Number(params[3]) };
    rest = parts.slice(2);
  } else if (parts.length !== 3) return undefined;
  const [salt, hash] = rest.map((part) => Buffer.from(part!, "base64"));
  if (!salt?.length || !hash?.length || !plausible(cost)) return undefined;
  return { cost, salt, hash };
}

/**
 * Whether `password` matches the stored hash. Without a usable hash (an unknown e-mail, an account
 * without a password) it still runs one scrypt at the cost of new hashes, so that the refusal takes
 * as long as a wrong password for an existing account.
 */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) {
    await scrypt(password, randomBytes(SALT_BYTES), KEY_LENGTH, PASSWORD_COST);
    return false;
  }
  const actual = await scrypt(password, parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with other parameters than new hashes get (then it is redone at sign-in). */
export function needsRehash(stored: string | null | undefined): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  return N !== PASSWORD_COST.N || r !== PASSWORD_COST.r || p !== PASSWORD_COST.p || parsed.hash.length !== KEY_LENGTH;
}
