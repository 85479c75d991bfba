import type { TDb } from "~/server/db/client";
import type { Prisma } from "~/server/db/generated/prisma/client";
import { notFound, validationError } from "~/server/lib/errors";
import { hashToken, safeEqual } from "~/server/lib/token-hash";
import { isExpiredRegistration } from "./registration-limit";
import { OAUTH_SCOPES, isScope } from "~/server/domain/access/scopes";
import { formatScopes } from "./scopes";
import { newClientId, newClientSecret } from "./token-values";

/**
 * OAuth clients, registered out of band (`vmon oauth-clients`, /settings/apps) or, when enabled,
 * dynamically (register.ts). A confidential client gets a secret once; only its hash is kept.
 */

export interface TClient {
  id: string;
  name: string;
  confidential: boolean;
  redirectUris: string[];
  scopes: string[];
  dynamic: boolean;
  createdAt: Date;
  revokedAt: Date | null;
}

type TClientRow = {
  id: string;
  name: string;
  secretHash: string | null;
  redirectUris: string[];
  scopes: string[];
  dynamic: boolean;
  createdAt: Date;
  revokedAt: Date | null;
};

const toClient = (r: TClientRow): TClient => ({
  id: r.id,
  name: r.name,
  confidential: r.secretHash !== null,
  redirectUris: r.redirectUris,
  scopes: r.scopes,
  dynamic: r.dynamic,
  createdAt: r.createdAt,
  revokedAt: r.revokedAt,
});

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]"]);

/** Whether a redirect URI is on a loopback IP literal (RFC 8252 §7.3: any port matches). */
const isLoopback = (url: URL) => url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname);

/**
 * A redirect URI a client may register: absolute, no fragment, and https, or http on a loopback
 * address (`localhost` as well, for development), or a private-use scheme of a native app
 * (`com.example.app:/callback`, RFC 8252 §7.1). Returns the URI as given.
 */
function checkRedirectUri(raw: string, param = "redirect_uri"): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError(param, `'${raw.slice(0, 100)}' is not an absolute URI`);
  }
  if (url.hash || raw.includes("#")) throw validationError(param, "must not contain a fragment");
  if (url.username || url.password) throw validationError(param, "must not contain credentials");
  const local = url.protocol === "http:" && (isLoopback(url) || url.hostname === "localhost");
  const privateScheme = /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol);
  if (url.protocol !== "https:" && !local && !privateScheme) {
    throw validationError(
      param,
      "must use https (http only on 127.0.0.1, [::1] or localhost, or a private-use scheme such as com.example.app:)",
    );
  }
  return raw;
}

/**
 * Whether `requested` matches a registered redirect URI: exactly (RFC 9700 §2.1), except that on a
 * loopback IP literal the port may differ (RFC 8252 §7.3).
 */
export function redirectUriMatches(registered: readonly string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let req: URL;
  try {
    req = new URL(requested);
  } catch {
    return false;
  }
  if (!isLoopback(req)) return false;
  return registered.some((r) => {
    const reg = new URL(r);
    return isLoopback(reg) && reg.hostname === req.hostname && reg.pathname === req.pathname && reg.search === req.search;
  });
}

function checkScopes(scopes: readonly string[]): string[] {
  const bad = scopes.filter((s) => !isScope(s));
  if (bad.length) throw validationError("scopes", `unknown scope(s): ${bad.join(", ")}; scopes are ${OAUTH_SCOPES.join(", ")}`);
  return formatScopes(scopes).split(" ").filter(Boolean);
}

export interface TNewClient {
  name: string;
  redirectUris: string[];
  /** Public clients (native, browser and agent apps) have no secret. */
  confidential: boolean;
  /** Allowed scopes; every scope when not given. */
  scopes?: string[];
  dynamic?: boolean;
  /** Dynamic registrations: the client address key the registration came from. */
  registeredFrom?: string;
}

/** Registers a client (also inside a transaction); the secret (confidential clients) is returned once. */
export async function createClient(db: Prisma.TransactionClient, input: TNewClient): Promise<{ client: TClient; secret: string | null }> {
  const name = input.name.trim();
  if (!name || name.length > 100) throw validationError("name", "must be 1 to 100 characters");
  if (input.redirectUris.length === 0) throw validationError("redirect_uri", "at least one redirect URI is required");
  if (input.redirectUris.length > 20) throw validationError("redirect_uri", "at most 20 redirect URIs");
  const redirectUris = [...new Set(input.redirectUris.map((u) => checkRedirectUri(u.trim())))];
  const scopes = checkScopes(input.scopes?.length ? input.scopes : [...OAUTH_SCOPES]);
  const secret = input.confidential ? newClientSecret() : null;
  const row = await db.oAuthClient.create({
    data: {
      id: newClientId(),
      name,
      secretHash: secret ? hashToken(secret) : null,
      redirectUris,
      scopes,
      dynamic: input.dynamic ?? false,
      registeredFrom: input.registeredFrom ?? null,
    },
  });
  return { client: toClient(row), secret };
}

export async function listClients(db: TDb): Promise<TClient[]> {
  return (await db.oAuthClient.findMany({ orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map(toClient);
}

/** Revokes a client: it can no longer authorize, and every token issued to it stops working at once. */
export async function revokeClient(db: TDb, clientId: string): Promise<TClient> {
  const row = await db.oAuthClient.findUnique({ where: { id: clientId } });
  if (!row) throw notFound("OAuth client");
  const now = new Date();
  const [updated] = await db.$transaction([
    db.oAuthClient.update({ where: { id: clientId }, data: { revokedAt: row.revokedAt ?? now } }),
    db.oAuthToken.updateMany({ where: { clientId, revokedAt: null }, data: { revokedAt: now } }),
    db.oAuthConsent.deleteMany({ where: { clientId } }),
  ]);
  return toClient(updated);
}

/** An active client by id: not revoked, and not a dynamic registration that expired unused. */
export async function activeClient(db: TDb, clientId: string): Promise<(TClient & { secretHash: string | null }) | undefined> {
  if (clientId.length > 200) return undefined;
  const row = await db.oAuthClient.findUnique({ where: { id: clientId } });
  if (!row || row.revokedAt || isExpiredRegistration(row)) return undefined;
  return { ...toClient(row), secretHash: row.secretHash };
}

/**
 * The client a request authenticates as: a confidential client must present its secret (compared
 * through hashes, in constant time); a public client must not have one to present.
 */
export async function authenticatedClient(db: TDb, clientId: string, secret: string | null | undefined) {
  const client = await activeClient(db, clientId);
  if (!client) return undefined;
  if (client.secretHash === null) return secret ? undefined : client;
  if (!secret || !safeEqual(hashToken(secret), client.secretHash)) return undefined;
  return client;
}
