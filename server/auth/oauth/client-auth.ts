import type { TDb } from "~/server/db/client";
import { authenticatedClient } from "./clients";
import { oauthError, type TOAuthReply } from "./server";

/**
 * Client authentication at the revocation and introspection endpoints (RFC 6749 §2.3.1):
 * `client_secret_basic` (the Authorization header; id and secret form-urlencoded) or
 * `client_secret_post` (`client_id` and `client_secret` in the body); a public client names itself
 * with `client_id` alone. Using both methods at once is refused.
 */
export async function clientOf(db: TDb, authorization: string | null, form: Record<string, string>) {
  let id = form.client_id;
  let secret = form.client_secret;
  if (authorization) {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization);
    const decoded = m ? Buffer.from(m[1]!, "base64").toString("utf8") : "";
    const colon = decoded.indexOf(":");
    if (colon < 0 || secret !== undefined) return invalidClient(true);
    try {
      id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, " "));
      secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, " "));
    } catch {
      return invalidClient(true);
    }
    if (form.client_id !== undefined && form.client_id !== id) return invalidClient(true);
  }
  if (!id) return invalidClient(!!authorization);
  const client = await authenticatedClient(db, id, secret);
  return client ?? invalidClient(!!authorization);
}

function invalidClient(basic: boolean): TOAuthReply {
  return oauthError(401, "invalid_client", "Client authentication failed.", basic ? { "WWW-Authenticate": 'Basic realm="oauth"' } : {});
}
