import { handleRest } from "~/server/api/rest/handler";
import type { TDb } from "~/server/db/client";
import { applySettings, ensureAccount, type TAccountSettings } from "~/server/domain/accounts/accounts";
import { createApiToken } from "~/server/domain/accounts/api-tokens";

export interface TApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the REST export in-process, exactly as the /v1 route handler does. */
export async function api<T = any>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<TApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Token ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await handleRest(new Request(`http://localhost/v1${path}`, { method, headers, body }), "/v1");
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

let counter = 0;

/** An account with a fresh token and the given settings. */
export async function createAccount(db: TDb, settings: TAccountSettings & { email?: string; expiresAt?: Date } = {}) {
  const { email, expiresAt, ...rest } = settings;
  const account = await ensureAccount(db, email ?? `user${++counter}-${Date.now()}@example.test`, {});
  const updated = await applySettings(db, account.id, { plan: "paid", ...rest });
  const { raw, token } = await createApiToken(db, account.id, { expiresAt });
  return { account: updated, token: raw, tokenId: token.id };
}
