import { createClient, listClients, revokeClient, type TClient } from "~/server/auth/oauth/clients";
import { OAUTH_SCOPES } from "~/server/domain/access/scopes";
import type { TCommand } from "../command";
import { requireString, UsageError } from "../io";

/** `vmon oauth-clients ...`: out-of-band registration of partner and agent apps (docs/oauth.md). */

const clientJson = (c: TClient) => ({
  client_id: c.id,
  name: c.name,
  type: c.confidential ? "confidential" : "public",
  redirect_uris: c.redirectUris,
  scopes: c.scopes,
  dynamic: c.dynamic,
  created_at: c.createdAt.toISOString(),
  revoked_at: c.revokedAt?.toISOString() ?? null,
});

export const oauthClientsCreateCommand: TCommand = {
  name: "oauth-clients create",
  usage:
    'vmon oauth-clients create --name N --redirect-uri URI [--redirect-uri URI ...] [--public] [--scopes "a b"]\n' +
    `                   register an app; a confidential one gets a secret, shown once (scopes: ${OAUTH_SCOPES.join(" ")})`,
  options: {
    name: { type: "string" },
    "redirect-uri": { type: "string", multiple: true },
    public: { type: "boolean" },
    scopes: { type: "string" },
  },
  async run({ io, values, database }) {
    const redirectUris = (values["redirect-uri"] as string[] | undefined) ?? [];
    if (redirectUris.length === 0) throw new UsageError("at least one --redirect-uri is required");
    const scopes = typeof values.scopes === "string" ? values.scopes.split(/[\s,]+/).filter(Boolean) : undefined;
    const { client, secret } = await createClient(database.db, {
      name: requireString(values.name, "--name"),
      redirectUris,
      confidential: values.public !== true,
      scopes,
    });
    const lines = [
      `Registered ${client.confidential ? "confidential" : "public"} client "${client.name}".`,
      `  client_id:     ${client.id}`,
      ...(secret
        ? [`  client_secret: ${secret}`, "  The secret is shown once: store it now."]
        : ["  No secret: the app proves itself with PKCE."]),
      `  redirect URIs: ${client.redirectUris.join(", ")}`,
      `  scopes:        ${client.scopes.join(" ")}`,
    ];
    io.result({ ...clientJson(client), ...(secret ? { client_secret: secret } : {}) }, lines.join("\n"));
  },
};

export const oauthClientsListCommand: TCommand = {
  name: "oauth-clients list",
  usage: "vmon oauth-clients list           list registered apps (never their secrets)",
  options: {},
  async run({ io, database }) {
    const clients = await listClients(database.db);
    const text = clients.length
      ? clients
          .map(
            (c) =>
              `${c.id}  ${(c.confidential ? "confidential" : "public").padEnd(12)} ${c.revokedAt ? "revoked" : "active "}  ${c.name}  [${c.scopes.join(" ")}]`,
          )
          .join("\n")
      : "No OAuth clients.";
    io.result(clients.map(clientJson), text);
  },
};

export const oauthClientsRevokeCommand: TCommand = {
  name: "oauth-clients revoke",
  usage: "vmon oauth-clients revoke CLIENT_ID   revoke an app and every token issued to it",
  options: {},
  async run({ io, positionals, database }) {
    const id = positionals[0];
    if (!id) throw new UsageError("CLIENT_ID is required");
    const client = await revokeClient(database.db, id);
    io.result(clientJson(client), `Revoked client "${client.name}" (${client.id}); its tokens no longer work.`);
  },
};
