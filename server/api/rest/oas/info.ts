import { TAGS } from "./types";

/** The document's `info` (with the getting-started guide) and its global `tags`. */

export const LICENSE = { name: "MIT", identifier: "MIT" } as const;

export function contact(baseUrl: string) {
  return { name: "Venture Monitor API reference", url: `${baseUrl}/docs` };
}

export const GLOBAL_TAGS = Object.entries(TAGS).map(([name, description]) => ({ name, description }));

/** Markdown shown at the top of a rendered reference. */
export function guide(baseUrl: string): string {
  return `The Venture Monitor REST API: cards (startups) and the participants that signal them, founder
profiles and collections (raw data), and a radar that follows profiles and reports their changes.
Responses are JSON; request bodies are JSON (\`Content-Type: application/json\`).

## 1. Get a token

Every request sends \`Authorization: Token <API_TOKEN>\` (or \`Authorization: Bearer <API_TOKEN>\`). To get a token:

- \`npm start\` on a fresh installation prints the demo account's e-mail, password and API token (also
  written to \`.data/demo-credentials.json\`);
- \`npx vmon tokens create --email you@example.org --plan paid\` creates an account's token on the command
  line (\`--grant network_a_profiles\` adds raw-data access);
- signed in to the workspace, the **API tokens** page (\`${baseUrl}/settings/tokens\`) creates one.

A token is shown once; only its hash is stored.

Partner and agent apps act for a user with OAuth 2.0 instead (see **OAuth 2.0** below) and send
\`Authorization: Bearer <access token>\`.

## 2. First request

\`\`\`sh
curl -H "Authorization: Token $API_TOKEN" "${baseUrl}/v1/cards/?stages=idea,prototype&limit=2"
\`\`\`

\`GET ${baseUrl}/v1/token/validate/\` tells what the token can do (plan, quota, capabilities). Paths end
with \`/\` (the same path without it is served too). List parameters are comma-separated in query strings;
booleans accept \`true\`, \`false\`, \`1\`, \`0\`, \`yes\`, \`no\`; dates are \`YYYY-MM-DD\` (\`since\` also takes an
ISO 8601 date-time with its time zone); response times are ISO 8601 UTC.

## 3. Pagination

Lists take \`limit\` (page size; each list has its own default and maximum, larger values are clamped) and
\`offset\` (items to skip), and answer \`{data, pagination, meta}\`:

\`\`\`json
"pagination": {"limit": 20, "offset": 40, "total": 441, "has_next": true}
\`\`\`

Follow \`offset += limit\` while \`has_next\` is true. \`include_total=false\` skips counting (faster on
large filters): \`total\` is then \`null\` and \`has_next\` still tells whether a next page exists.

## 4. Errors

Every error answers \`{"error": "<code>", "message": "<text>"}\`; a \`validation_error\` adds \`details\`
(messages per parameter), a \`throttled\` adds \`plan\` (and \`reset_at\` on paid plans).

| Status | error | When |
|---|---|---|
| 400 | \`validation_error\` | invalid or unknown parameter or body field |
| 400 | \`tracking_limit_reached\` | radar: the source's tracking limit is reached |
| 401 | \`not_authenticated\` | no token |
| 401 | \`authentication_failed\` | invalid, expired or revoked token |
| 403 | \`permission_denied\` | the account lacks the permission (raw data) or scope (collections-only), or an OAuth token lacks the operation's scope |
| 404 | \`not_found\` | the resource in the path does not exist for you |
| 413 | \`payload_too_large\` | a body over 1 MB |
| 429 | \`throttled\` | the plan's request quota is used up |
| 500 | \`internal_error\` | unexpected server error (logged; the body reveals nothing) |
| 503 | \`semantic_unavailable\` | \`semantic=true\` while embeddings are unavailable |
| 503 | \`service_unavailable\` | the database cannot be reached right now (a restart, an outage); try again after \`Retry-After\` seconds |

## 5. Quotas

Every authenticated request counts against the account's quota, token validation included, whatever
its outcome (requests refused with 429 are not counted).

| Plan | Period | Default limit |
|---|---|---|
| free | lifetime: the counter never resets | 100 requests |
| paid | per UTC day, resets at 00:00 UTC | 500 requests a day |
| unlimited | none (staff accounts) | none |

Limits can be set per account or group. Answers carry \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\`
and, on daily plans, \`X-RateLimit-Reset\` (epoch seconds of the next reset); unlimited accounts get
none. Past the limit the answer is \`429 throttled\`, with \`Retry-After\` (seconds) on daily plans.

## 6. OAuth 2.0 for partner and agent apps

Apps are registered by the service's staff (\`vmon oauth-clients create\`), as confidential (with a
secret) or public (PKCE only) clients. They use the Authorization Code flow with PKCE (S256 only):

1. send the user to \`${baseUrl}/oauth/authorize\` with \`response_type=code\`, \`client_id\`,
   \`redirect_uri\`, \`scope\`, \`state\`, \`code_challenge\` and \`code_challenge_method=S256\`; the user signs in
   and allows the app; the redirect carries \`code\`, \`state\` and \`iss\`;
2. exchange the code at \`${baseUrl}/oauth/token\` (form-encoded, with \`code_verifier\`) within 60 s;
3. call the API with \`Authorization: Bearer <access token>\` (valid 1 hour); refresh with the refresh
   token (valid 30 days, replaced at every use).

Scopes: \`cards:read\`, \`participants:read\`, \`network_a:read\`, \`radar:read\`, \`radar:write\`,
\`webhooks:manage\`; each operation below names the one it needs, and a token never does more than its
account could. Requests count against the user's quota. Discovery: \`${baseUrl}/.well-known/oauth-authorization-server\`
and \`${baseUrl}/.well-known/oauth-protected-resource/v1\`; a 401 answer's \`WWW-Authenticate\` header
points at the latter.`;
}
