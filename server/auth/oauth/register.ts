import { z } from "zod";
import type { TDb } from "~/server/db/client";
import { AppError } from "~/server/lib/errors";
import { logger } from "~/server/lib/logger";
import { createClient } from "./clients";
import { registrationGate, sweepUnusedRegistrations } from "./registration-limit";
import { OAUTH_SCOPES } from "~/server/domain/access/scopes";
import { parseScopes } from "./scopes";
import { GRANT_TYPES, NO_STORE, oauthError, type TOAuthReply } from "./server";
import { plural } from "~/server/lib/plural";

/**
 * `POST /oauth/register` (RFC 7591), open only with OAUTH_DYNAMIC_REGISTRATION=1: public clients
 * only (`token_endpoint_auth_method: none`, PKCE), with https or loopback redirect URIs; limited
 * per client address, and expiring when unused (registration-limit.ts). The consent page shows such
 * a client as an unverified app, and it gets no scope its authorization request does not name.
 */
const LOOPBACK = new Set(["127.0.0.1", "[::1]", "localhost"]);

const ZRegistration = z
  .object({
    redirect_uris: z.array(z.string()).min(1).max(20),
    client_name: z.string().trim().min(1).max(100).optional(),
    token_endpoint_auth_method: z.literal("none").optional(),
    grant_types: z.array(z.enum(GRANT_TYPES)).optional(),
    response_types: z.array(z.literal("code")).optional(),
    scope: z.string().max(500).optional(),
  })
  .passthrough();

const metadataError = (error: string, description: string): TOAuthReply => ({
  status: 400,
  headers: NO_STORE,
  body: { error, error_description: description },
});

export async function registerClient(db: TDb, contentType: string | null, text: string | null, address: string): Promise<TOAuthReply> {
  if (!/^application\/json\b/i.test(contentType ?? ""))
    return metadataError("invalid_client_metadata", "Send the client metadata as application/json.");
  if (text === null || text.length > 16_384) return metadataError("invalid_client_metadata", "The client metadata is too large.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return metadataError("invalid_client_metadata", "The body is not valid JSON.");
  }
  const parsed = ZRegistration.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.map(String).join(".") || "body";
    if (field === "token_endpoint_auth_method")
      return metadataError("invalid_client_metadata", "Only public clients can register: token_endpoint_auth_method must be none.");
    return metadataError(
      field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata",
      `${field}: ${issue.message}`,
    );
  }
  const m = parsed.data;
  for (const uri of m.redirect_uris) {
    let url: URL | undefined;
    try {
      url = new URL(uri);
    } catch {
      url = undefined;
    }
    if (!url || !(url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname)))) {
      return metadataError(
        "invalid_redirect_uri",
        `'${uri.slice(0, 100)}' must be an https or loopback (http://127.0.0.1, http://[::1], http://localhost) URI.`,
      );
    }
  }
  const scopes = m.scope === undefined ? [...OAUTH_SCOPES] : parseScopes(m.scope);
  if (!scopes || scopes.length === 0)
    return metadataError("invalid_client_metadata", `scope: use scopes among ${OAUTH_SCOPES.join(", ")}.`);
  await sweepUnusedRegistrations(db).catch((error: unknown) => logger.warn("could not sweep unused OAuth registrations", { error }));
  try {
    const outcome = await db.$transaction(async (tx) => {
      const gate = await registrationGate(tx, address);
      if (!gate.allowed) return gate;
      const created = await createClient(tx, {
        name: m.client_name ?? "Unnamed application",
        redirectUris: m.redirect_uris,
        confidential: false,
        scopes,
        dynamic: true,
        registeredFrom: address,
      });
      return { allowed: true as const, client: created.client };
    });
    if (!outcome.allowed) {
      logger.warn("OAuth registration refused: too many from one address", { address, retry_after_s: outcome.retryAfterSeconds });
      const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
      return oauthError(429, "throttled", `Too many registrations from this address. Try again in ${plural(minutes, "minute")}.`, {
        "Retry-After": String(outcome.retryAfterSeconds),
      });
    }
    const { client } = outcome;
    return {
      status: 201,
      headers: NO_STORE,
      body: {
        client_id: client.id,
        client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
        client_name: client.name,
        redirect_uris: client.redirectUris,
        grant_types: [...GRANT_TYPES],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
        scope: client.scopes.join(" "),
      },
    };
  } catch (err) {
    if (err instanceof AppError && err.code === "validation_error") return metadataError("invalid_redirect_uri", err.message);
    throw err;
  }
}
