import type { TOperationTable } from "../oas/types";

/** Utilities (GET /v1/token/validate/). GET / (the public catalog) is not a /v1 operation. */

export const TOKEN_OPERATIONS: TOperationTable = {
  "GET /token/validate/": {
    operationId: "validateToken",
    tag: "Utilities",
    summary: "Validate the token",
    description: `Returns what the token can do: \`access\` (plan, limit, period, used, remaining; limit and usage are
null for unlimited accounts), \`capabilities\` (one entry per endpoint group with its \`path\` and whether it is
\`allowed\`; restricted groups add \`access: restricted\` and a \`note\` on how to request access) and \`scope\`
(\`full\` or \`collections_only\`), and \`auth\`: how the request authenticated (\`{type: "api_token"}\`, or for an
OAuth access token \`{type: "oauth", client_id, client_name, scopes, expires_at}\`, whose capabilities are also
limited to its scopes). 401 when the token is missing or invalid. Any access token may call it, whatever its scopes. The request counts toward the
quota like any other. Takes no parameters.`,
    returns: "The token's access, capabilities and scope",
    errors: ["ValidationError"],
  },
};
