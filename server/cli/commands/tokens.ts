import { ensureAccount, ZPermission, ZPlan, ZScope } from "~/server/domain/accounts/accounts";
import { createApiToken, listApiTokens, revokeApiToken } from "~/server/domain/accounts/api-tokens";
import type { TCommand } from "../command";
import { parseIntFlag, parseListFlag, requireString, UsageError } from "../io";

function parseEnum<T extends string>(
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
  value: unknown,
  flag: string,
  allowed: string,
) {
  if (value === undefined) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw new UsageError(`${flag} must be one of: ${allowed}`);
  return r.data as T;
}

function parseExpiry(value: unknown): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(String(value));
  if (Number.isNaN(d.getTime())) throw new UsageError("--expires-at must be an ISO 8601 date or datetime");
  return d;
}

export const tokensCreateCommand: TCommand = {
  name: "tokens create",
  usage:
    "vmon tokens create --email E [--plan free|paid|unlimited] [--limit N] [--scope full|collections_only]\n" +
    "                   [--grant network_a_profiles] [--collections slug,...] [--group NAME] [--expires-at ISO] [--name LABEL]",
  options: {
    email: { type: "string" },
    plan: { type: "string" },
    limit: { type: "string" },
    scope: { type: "string" },
    grant: { type: "string", multiple: true },
    collections: { type: "string" },
    group: { type: "string" },
    "expires-at": { type: "string" },
    name: { type: "string" },
  },
  async run({ io, values, database }) {
    const grant = ((values.grant as string[] | undefined) ?? [])
      .flatMap((g) => g.split(","))
      .map((g) => g.trim())
      .filter(Boolean);
    for (const g of grant) parseEnum(ZPermission, g, "--grant", "network_a_profiles");
    const account = await ensureAccount(database.db, requireString(values.email, "--email"), {
      plan: parseEnum(ZPlan, values.plan, "--plan", "free, paid, unlimited"),
      limit: parseIntFlag(values.limit, "--limit"),
      scope: parseEnum(ZScope, values.scope, "--scope", "full, collections_only"),
      grant: grant as "network_a_profiles"[],
      collections: parseListFlag(values.collections),
      group: typeof values.group === "string" ? values.group : undefined,
    });
    const { raw, token } = await createApiToken(database.db, account.id, {
      expiresAt: parseExpiry(values["expires-at"]),
      name: typeof values.name === "string" ? values.name : undefined,
    });
    io.result(
      {
        token: raw,
        account: {
          id: account.id,
          email: account.email,
          plan: account.plan,
          limit: account.limitOverride,
          scope: account.scope,
          permissions: account.permissions,
        },
        expires_at: token.expiresAt?.toISOString() ?? null,
      },
      `Token for ${account.email} (plan ${account.plan}, scope ${account.scope}); shown once, store it now:\n${raw}`,
    );
  },
};

export const tokensRevokeCommand: TCommand = {
  name: "tokens revoke",
  usage: "vmon tokens revoke TOKEN          revoke an API token",
  options: {},
  async run({ io, positionals, database }) {
    const raw = positionals[0];
    if (!raw) throw new UsageError("TOKEN is required");
    const token = await revokeApiToken(database.db, raw);
    io.result({ id: token.id, revoked_at: token.revokedAt?.toISOString() }, `Revoked token ${token.prefix}… (id ${token.id}).`);
  },
};

export const tokensListCommand: TCommand = {
  name: "tokens list",
  usage: "vmon tokens list [--email E]      list tokens (never the tokens themselves)",
  options: { email: { type: "string" } },
  async run({ io, values, database }) {
    const rows = await listApiTokens(database.db, typeof values.email === "string" ? values.email : undefined);
    const text = rows.length
      ? rows.map((r) => `${String(r.id).padStart(5)}  ${r.prefix}…  ${r.status.padEnd(7)}  ${r.email}  created ${r.created_at}`).join("\n")
      : "No tokens.";
    io.result(rows, text);
  },
};
