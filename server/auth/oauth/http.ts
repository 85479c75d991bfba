import { db } from "~/server/db/client";
import { clientAddressOf } from "../client-address";
import { env } from "~/server/env";
import { authorizationServerMetadata, protectedResourceMetadata } from "./metadata";
import { isProtectedResource } from "./resources";
import { registerClient } from "./register";
import { introspectToken, revokeToken } from "./revocation";
import { oauthError, type TOAuthReply } from "./server";
import { exchangeToken } from "./token-endpoint";

/**
 * The authorization server's machine endpoints, served by the service's HTTP server ahead of Next
 * (server/http.ts), as Fetch handlers: the token, revocation, introspection and registration
 * endpoints and the metadata documents. The authorization endpoint and the consent page need the
 * browser session and live in the App Router (app/oauth/).
 */

const JSON_TYPE = { "Content-Type": "application/json; charset=utf-8" };
export const MAX_BODY = 65_536;

type TRoute = { methods: string[]; run: (req: Request, path: string) => Promise<TOAuthReply> | TOAuthReply };

const form = async (req: Request) => ({
  contentType: req.headers.get("content-type"),
  authorization: req.headers.get("authorization"),
  body: await readBody(req),
});

/** The body's text, or null when it is larger than any OAuth request needs to be. */
async function readBody(req: Request): Promise<string | null> {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_BODY) return null;
  const text = await req.text();
  return text.length > MAX_BODY ? null : text;
}

const metadata = (body: unknown): TOAuthReply => ({ status: 200, headers: { "Cache-Control": "public, max-age=3600" }, body });

const ROUTES: [RegExp, TRoute][] = [
  [/^\/oauth\/token\/?$/, { methods: ["POST"], run: async (req) => exchangeToken(await db(), await form(req)) }],
  [/^\/oauth\/revoke\/?$/, { methods: ["POST"], run: async (req) => revokeToken(await db(), await form(req)) }],
  [/^\/oauth\/introspect\/?$/, { methods: ["POST"], run: async (req) => introspectToken(await db(), await form(req)) }],
  [
    /^\/oauth\/register\/?$/,
    {
      methods: ["POST"],
      run: async (req) =>
        env().OAUTH_DYNAMIC_REGISTRATION === "1"
          ? registerClient(await db(), req.headers.get("content-type"), await readBody(req), clientAddressOf(req.headers))
          : oauthError(404, "not_found", "Dynamic client registration is not enabled on this server."),
    },
  ],
  [/^\/\.well-known\/oauth-authorization-server\/?$/, { methods: ["GET"], run: () => metadata(authorizationServerMetadata()) }],
  [
    /^\/\.well-known\/oauth-protected-resource(\/[^/]*)?\/?$/,
    {
      methods: ["GET"],
      run: (_req, path) => {
        const resource = path.replace(/^\/\.well-known\/oauth-protected-resource\/?/, "").replace(/\/$/, "") || "v1";
        return isProtectedResource(resource)
          ? metadata(protectedResourceMetadata(resource))
          : oauthError(404, "not_found", "No such protected resource.");
      },
    },
  ],
];

export function isOAuthEndpoint(pathname: string): boolean {
  return ROUTES.some(([re]) => re.test(pathname));
}

export async function handleOAuthEndpoint(req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  const route = ROUTES.find(([re]) => re.test(path))?.[1];
  let reply: TOAuthReply;
  if (!route) reply = oauthError(404, "not_found", "No such endpoint.");
  else if (!route.methods.includes(req.method)) {
    reply = { ...oauthError(405, "invalid_request", `Use ${route.methods.join(" or ")}.`), headers: { Allow: route.methods.join(", ") } };
  } else reply = await route.run(req, path);
  return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { ...JSON_TYPE, ...reply.headers } });
}
