import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` followed by
 * the base64 of a random key; each request carries `webhook-id`, `webhook-timestamp` (epoch
 * seconds) and `webhook-signature`: `v1,` + base64 HMAC-SHA256, keyed with the decoded key, of
 * `<id>.<timestamp>.<body>`. Several signatures are separated by spaces (during a key rotation).
 */

const PREFIX = "whsec_";

/** A new signing secret: 24 random bytes (192 bits), as Standard Webhooks libraries generate. */
export const newSecret = (): string => `${PREFIX}${randomBytes(24).toString("base64")}`;

/** A new message id (the `webhook-id` header), the same on every attempt of one delivery. */
export const newWebhookId = (): string => `msg_${randomBytes(16).toString("base64url")}`;

const keyOf = (secret: string): Buffer => Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");

function sign(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac("sha256", keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The three headers of one attempt, signed with each given secret (current first). */
export function signedHeaders(secrets: string[], id: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": secrets.map((s) => sign(s, id, timestamp, body)).join(" "),
  };
}
