import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** Raw API tokens look like `vm_<43 url-safe chars>`; only their SHA-256 is stored. */
const TOKEN_PREFIX = "vm_";

export function generateToken(): { raw: string; hash: string; prefix: string } {
  const raw = TOKEN_PREFIX + randomBytes(32).toString("base64url");
  return { raw, hash: hashToken(raw), prefix: raw.slice(0, TOKEN_PREFIX.length + 6) };
}

export function hashToken(raw: string): string {
  return createHash("sha256").update(raw, "utf8").digest("hex");
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
