import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { API_VERSION } from "../../domain/access/catalog";
import { appRouter } from "../root";

/**
 * The OpenAPI 3 document of the REST export, generated from the procedures and then corrected to
 * what the service really serves: the spec's trailing-slash paths under /v1, the `Token` scheme, and
 * the `{error, message}` error envelope instead of the adapter's.
 */

const ERROR_SCHEMA = {
  type: "object",
  required: ["error", "message"],
  properties: {
    error: {
      type: "string",
      description: "Error code",
      enum: [
        "validation_error",
        "tracking_limit_reached",
        "not_authenticated",
        "authentication_failed",
        "permission_denied",
        "not_found",
        "throttled",
        "internal_error",
        "semantic_unavailable",
      ],
    },
    message: { type: "string" },
    details: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
  },
};

const ERROR_RESPONSES: Record<string, string> = {
  "400": "Invalid input (validation_error)",
  "401": "Missing (not_authenticated) or invalid (authentication_failed) token",
  "403": "The token lacks the permission or scope (permission_denied)",
  "404": "Not found (not_found)",
  "429": "Request quota exceeded (throttled)",
  "500": "Internal error (internal_error)",
};

let cached: OpenAPIObject | undefined;

export function openApiDocument(baseUrl: string): OpenAPIObject {
  cached ??= build();
  return { ...cached, servers: [{ url: `${baseUrl}/v1` }] };
}

function build(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Venture Monitor API",
    version: API_VERSION,
    baseUrl: "/v1",
    securitySchemes: {
      Token: {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: "Send `Authorization: Token <API_TOKEN>`.",
      },
    },
  });
  const paths: NonNullable<OpenAPIObject["paths"]> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const withSlash = path.endsWith("/") ? path : `${path}/`;
    for (const op of Object.values(item as Record<string, { responses?: Record<string, unknown> }>)) {
      if (!op || typeof op !== "object" || !op.responses) continue;
      for (const code of Object.keys(op.responses)) if (code !== "200") delete op.responses[code];
      for (const [code, description] of Object.entries(ERROR_RESPONSES)) {
        op.responses[code] = { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
      }
    }
    paths[withSlash] = item;
  }
  return {
    ...doc,
    paths,
    components: { ...doc.components, schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA } },
  } as OpenAPIObject;
}
