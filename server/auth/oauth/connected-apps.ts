import type { TDb } from "~/server/db/client";
import { notFound } from "~/server/lib/errors";
import { iso } from "~/server/lib/format";

/**
 * "Connected apps" of an account: every client it allowed (a remembered consent) or that holds a
 * token of it, with the scopes allowed, when it was allowed, and when one of its tokens was last
 * used. Revoking an app ends every token and unexchanged code it holds for the account and forgets
 * the consent, so the next request with any of them is refused and the app must ask again.
 */
export interface TConnectedApp {
  client_id: string;
  name: string;
  scopes: string[];
  connected_at: string;
  last_used_at: string | null;
  active_tokens: number;
}

export async function listConnectedApps(db: TDb, accountId: number): Promise<TConnectedApp[]> {
  const rows = await db.$queryRaw<
    { client_id: string; name: string; scopes: string[] | null; connected_at: Date; last_used_at: Date | null; active_tokens: number }[]
  >`
    WITH apps AS (
      SELECT client_id FROM oauth_consent WHERE account_id = ${accountId}
      UNION
      SELECT client_id FROM oauth_token WHERE account_id = ${accountId} AND revoked_at IS NULL
    )
    SELECT c.id AS client_id, c.name, s.scopes,
           LEAST(s.created_at, t.first_at) AS connected_at, t.last_used_at, COALESCE(t.active, 0)::int AS active_tokens
      FROM apps JOIN oauth_client c ON c.id = apps.client_id AND c.revoked_at IS NULL
      LEFT JOIN oauth_consent s ON s.account_id = ${accountId} AND s.client_id = c.id
      LEFT JOIN LATERAL (
        SELECT min(created_at) AS first_at, max(last_used_at) AS last_used_at,
               count(*) FILTER (WHERE revoked_at IS NULL AND (access_expires_at > now() OR (refresh_expires_at > now() AND rotated_at IS NULL))) AS active
          FROM oauth_token WHERE account_id = ${accountId} AND client_id = c.id
      ) t ON true
     ORDER BY c.name, c.id`;
  return rows.map((r) => ({
    client_id: r.client_id,
    name: r.name,
    scopes: r.scopes ?? [],
    connected_at: iso(r.connected_at),
    last_used_at: r.last_used_at ? iso(r.last_used_at) : null,
    active_tokens: r.active_tokens,
  }));
}

/**
 * Disconnects an app, in one transaction: the codes issued to it for the account and not exchanged
 * yet are deleted (a code issued a moment before cannot be swapped for tokens afterwards: the token
 * endpoint answers invalid_grant), every token it holds for the account is revoked, and the consent
 * is forgotten.
 */
export async function revokeConnectedApp(db: TDb, accountId: number, clientId: string): Promise<void> {
  const [codes, tokens, consents] = await db.$transaction([
    db.oAuthCode.deleteMany({ where: { accountId, clientId } }),
    db.oAuthToken.updateMany({ where: { accountId, clientId, revokedAt: null }, data: { revokedAt: new Date() } }),
    db.oAuthConsent.deleteMany({ where: { accountId, clientId } }),
  ]);
  if (codes.count === 0 && tokens.count === 0 && consents.count === 0) throw notFound("Connected app");
}
