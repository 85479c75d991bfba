import type { TDb } from "../db/client";
import type { TAccount, TCaller, TOAuthGrant } from "../domain/access/caller";
import { sessionValidSince } from "../domain/accounts/accounts";
import { env } from "../env";
import { OAUTH_ACCESS_PREFIX } from "./oauth/token-values";
import { TokenCache } from "./token-cache";
import { hashToken } from "../lib/token-hash";
import { noteTokenUse } from "./token-use";

interface TAccountRow {
  id: number;
  email: string;
  plan: string;
  is_staff: boolean;
  scope: string;
  permissions: string[];
  limit_override: number | null;
  group_limit_override: number | null;
  asked_intro: boolean;
}

const ACCOUNT_COLUMNS = `a.id, a.email, a.plan, a.is_staff, a.scope, a.permissions, a.limit_override, a.asked_intro,
  g.limit_override AS group_limit_override`;

function toAccount(r: TAccountRow): TAccount {
  return {
    id: r.id,
    email: r.email,
    // Staff accounts are always unlimited (docs/api.md).
    plan: r.is_staff ? "unlimited" : (r.plan as TAccount["plan"]),
    isStaff: r.is_staff,
    scope: r.scope === "collections_only" ? "collections_only" : "full",
    permissions: r.permissions,
    limitOverride: r.limit_override,
    groupLimitOverride: r.group_limit_override,
    askedIntro: r.asked_intro,
  };
}

/** A token that resolved, as remembered by the token cache. */
type TResolved =
  | { kind: "token"; account: TAccount; tokenId: number; expiresAt: number | null }
  | { kind: "oauth"; account: TAccount; tokenId: number; expiresAt: number; grant: TOAuthGrant };

/** Resolved tokens of this process (token-cache.ts: on only while it listens for changes). */
export const tokenCache = new TokenCache<TResolved>();

function fromResolved(r: TResolved): TCaller {
  if (r.expiresAt !== null && r.expiresAt <= Date.now()) return { kind: "invalid", reason: "Token has expired." };
  return r.kind === "token"
    ? { kind: "token", account: r.account, tokenId: r.tokenId }
    : { kind: "oauth", account: r.account, tokenId: r.tokenId, grant: r.grant };
}

const HEADER = /^(Token|Bearer)\s+(\S+)\s*$/i;

/**
 * Resolves the Authorization header to a caller: `Token <API token>`, or `Bearer <token>` with an
 * OAuth access token or an API token. Missing header: anonymous; malformed, unknown, expired or
 * revoked: invalid.
 */
export async function callerFromAuthorization(db: TDb, header: string | null): Promise<TCaller> {
  if (header === null || header.trim() === "") return { kind: "anonymous" };
  const match = HEADER.exec(header.trim());
  if (!match) return { kind: "invalid", reason: "Authorization header must be 'Token <API_TOKEN>' or 'Bearer <ACCESS_TOKEN>'." };
  const raw = match[2]!;
  if (raw.length > 200) return { kind: "invalid", reason: "Invalid token." };
  const oauth = raw.startsWith(OAUTH_ACCESS_PREFIX);
  if (oauth && match[1]!.toLowerCase() !== "bearer")
    return { kind: "invalid", reason: "OAuth access tokens are sent as 'Bearer <ACCESS_TOKEN>'." };
  const hash = hashToken(raw);
  const cached = tokenCache.get(hash);
  const resolved = cached ?? (await lookUp(db, hash, oauth));
  if (typeof resolved === "string") return { kind: "invalid", reason: resolved };
  const caller = fromResolved(resolved);
  if (caller.kind !== "token" && caller.kind !== "oauth") return caller;
  noteTokenUse(db, caller.kind === "token" ? "api_token" : "oauth_token", caller.tokenId);
  return caller;
}

/**
 * The caller as a protected resource (`v1`, `mcp`) sees it: an OAuth access token issued for another
 * resource is invalid here (RFC 8707 audience), answered like any invalid token on that surface.
 * API tokens belong to the account itself and serve both.
 */
export function callerAt(resource: "v1" | "mcp", caller: TCaller): TCaller {
  if (caller.kind !== "oauth" || caller.grant.resource === resource) return caller;
  const base = env().BASE_URL;
  return { kind: "invalid", reason: `This access token was issued for ${base}/${caller.grant.resource}, not for ${base}/${resource}.` };
}

/** A token looked up in the database (and remembered when valid), or why it is refused. */
async function lookUp(db: TDb, hash: string, oauth: boolean): Promise<TResolved | string> {
  const generation = tokenCache.generation();
  const resolved = oauth ? await lookUpOAuth(db, hash) : await lookUpApiToken(db, hash);
  if (typeof resolved !== "string" && fromResolved(resolved).kind !== "invalid") tokenCache.set(hash, resolved, generation);
  return resolved;
}

async function lookUpApiToken(db: TDb, hash: string): Promise<TResolved | string> {
  const rows = await db.$queryRawUnsafe<(TAccountRow & { token_id: number; expires_at: Date | null; revoked_at: Date | null })[]>(
    `SELECT t.id AS token_id, t.expires_at, t.revoked_at, ${ACCOUNT_COLUMNS}
       FROM api_token t JOIN account a ON a.id = t.account_id LEFT JOIN account_group g ON g.id = a.group_id
      WHERE t.hash = $1`,
    hash,
  );
  const row = rows[0];
  if (!row) return "Invalid token.";
  if (row.revoked_at) return "Token has been revoked.";
  return { kind: "token", account: toAccount(row), tokenId: row.token_id, expiresAt: row.expires_at?.getTime() ?? null };
}

type TOAuthRow = TAccountRow & {
  token_id: number;
  access_expires_at: Date;
  revoked_at: Date | null;
  token_scope: string;
  token_resource: string;
  client_id: string;
  client_name: string;
  client_revoked_at: Date | null;
};

async function lookUpOAuth(db: TDb, hash: string): Promise<TResolved | string> {
  const rows = await db.$queryRawUnsafe<TOAuthRow[]>(
    `SELECT t.id AS token_id, t.access_expires_at, t.revoked_at, t.scope AS token_scope, t.resource AS token_resource,
            c.id AS client_id, c.name AS client_name, c.revoked_at AS client_revoked_at, ${ACCOUNT_COLUMNS}
       FROM oauth_token t JOIN oauth_client c ON c.id = t.client_id
       JOIN account a ON a.id = t.account_id LEFT JOIN account_group g ON g.id = a.group_id
      WHERE t.access_hash = $1`,
    hash,
  );
  const row = rows[0];
  if (!row) return "Invalid token.";
  if (row.revoked_at || row.client_revoked_at) return "Token has been revoked.";
  const grant: TOAuthGrant = {
    clientId: row.client_id,
    clientName: row.client_name,
    scopes: row.token_scope.split(" ").filter(Boolean),
    resource: row.token_resource,
    expiresAt: row.access_expires_at,
  };
  return { kind: "oauth", account: toAccount(row), tokenId: row.token_id, expiresAt: row.access_expires_at.getTime(), grant };
}

export async function accountById(db: TDb, id: number): Promise<TAccount | undefined> {
  const rows = await db.$queryRawUnsafe<TAccountRow[]>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account a LEFT JOIN account_group g ON g.id = a.group_id WHERE a.id = $1`,
    id,
  );
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/**
 * The account of the live browser session whose `sid` hashes to `sidHash`, begun at `signedInAt`
 * (seconds), in one statement (the session's primary key, then the account's): none when the
 * session was ended (signed out) or has expired, belongs to another account, when the account is
 * gone, or when its sessions were ended after that (a password change, `vmon users set-password`:
 * `sessions_valid_from`).
 */
export async function sessionAccountById(
  db: TDb,
  id: number,
  signedInAt: number | undefined,
  sidHash: string,
): Promise<TAccount | undefined> {
  const rows = await db.$queryRawUnsafe<(TAccountRow & { sessions_valid_from: Date | null })[]>(
    `SELECT ${ACCOUNT_COLUMNS}, a.sessions_valid_from
       FROM browser_session s JOIN account a ON a.id = s.account_id LEFT JOIN account_group g ON g.id = a.group_id
      WHERE s.sid_hash = $1 AND s.account_id = $2 AND s.expires_at > now()`,
    sidHash,
    id,
  );
  const row = rows[0];
  return row && sessionValidSince(row.sessions_valid_from, signedInAt) ? toAccount(row) : undefined;
}
