import type { TDb } from "../db/client";
import { TokenCache } from "./token-cache";
import { hashToken } from "./token-hash";

/** What the service knows of the account behind a request. */
export interface TAccount {
  id: number;
  email: string;
  plan: "free" | "paid" | "unlimited";
  isStaff: boolean;
  scope: "full" | "collections_only";
  permissions: string[];
  limitOverride: number | null;
  groupLimitOverride: number | null;
}

export type TCaller =
  | { kind: "anonymous" }
  | { kind: "invalid"; reason: string }
  | { kind: "token"; account: TAccount; tokenId: number }
  | { kind: "session"; account: TAccount };

interface TAccountRow {
  token_id: number;
  expires_at: Date | null;
  revoked_at: Date | null;
  id: number;
  email: string;
  plan: string;
  is_staff: boolean;
  scope: string;
  permissions: string[];
  limit_override: number | null;
  group_limit_override: number | null;
}

const ACCOUNT_COLUMNS = `a.id, a.email, a.plan, a.is_staff, a.scope, a.permissions, a.limit_override,
  g.limit_override AS group_limit_override`;

function toAccount(r: Omit<TAccountRow, "token_id" | "expires_at" | "revoked_at">): TAccount {
  return {
    id: r.id,
    email: r.email,
    // Staff accounts are always unlimited (DESIGN.md §3).
    plan: r.is_staff ? "unlimited" : (r.plan as TAccount["plan"]),
    isStaff: r.is_staff,
    scope: r.scope === "collections_only" ? "collections_only" : "full",
    permissions: r.permissions,
    limitOverride: r.limit_override,
    groupLimitOverride: r.group_limit_override,
  };
}

/** A token that resolved, as remembered by the token cache. */
interface TResolved {
  account: TAccount;
  tokenId: number;
  expiresAt: number | null;
}

/** Resolved tokens of this process (token-cache.ts: on only while it listens for changes). */
export const tokenCache = new TokenCache<TResolved>();

function fromResolved(r: TResolved): TCaller {
  if (r.expiresAt !== null && r.expiresAt <= Date.now()) return { kind: "invalid", reason: "Token has expired." };
  return { kind: "token", account: r.account, tokenId: r.tokenId };
}

/**
 * Parses `Authorization: Token <token>` (API tokens) and resolves it to an account.
 * Missing header: anonymous; malformed, unknown, expired or revoked: invalid.
 */
export async function callerFromAuthorization(db: TDb, header: string | null): Promise<TCaller> {
  if (header === null || header.trim() === "") return { kind: "anonymous" };
  const match = /^Token\s+(\S+)\s*$/i.exec(header.trim());
  if (!match) return { kind: "invalid", reason: "Authorization header must be 'Token <API_TOKEN>'." };
  const raw = match[1]!;
  if (raw.length > 200) return { kind: "invalid", reason: "Invalid token." };
  const hash = hashToken(raw);
  const cached = tokenCache.get(hash);
  if (cached) return fromResolved(cached);
  const generation = tokenCache.generation();
  const rows = await db.$queryRawUnsafe<TAccountRow[]>(
    `SELECT t.id AS token_id, t.expires_at, t.revoked_at, ${ACCOUNT_COLUMNS}
       FROM api_token t JOIN account a ON a.id = t.account_id LEFT JOIN account_group g ON g.id = a.group_id
      WHERE t.hash = $1`,
    hash,
  );
  const row = rows[0];
  if (!row) return { kind: "invalid", reason: "Invalid token." };
  if (row.revoked_at) return { kind: "invalid", reason: "Token has been revoked." };
  const resolved: TResolved = { account: toAccount(row), tokenId: row.token_id, expiresAt: row.expires_at?.getTime() ?? null };
  const caller = fromResolved(resolved);
  if (caller.kind === "token") tokenCache.set(hash, resolved, generation);
  return caller;
}

export async function accountById(db: TDb, id: number): Promise<TAccount | undefined> {
  const rows = await db.$queryRawUnsafe<TAccountRow[]>(
    `SELECT ${ACCOUNT_COLUMNS} FROM account a LEFT JOIN account_group g ON g.id = a.group_id WHERE a.id = $1`,
    id,
  );
  return rows[0] ? toAccount(rows[0]) : undefined;
}
