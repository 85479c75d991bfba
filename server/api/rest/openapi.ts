import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { API_VERSION } from "~/server/domain/access/catalog";
import type { TContract } from "../contract";
import { restContracts } from "../contracts";
import { appRouter } from "../root";
import { ERROR_RESPONSES, ERROR_SCHEMA, HEADERS, SUCCESS_HEADERS, type TErrorResponseName } from "./oas/components";
import { contact, GLOBAL_TAGS, guide, LICENSE } from "./oas/info";
import { fixBodySchema, fixParameter, type TParameter } from "./oas/parameters";
import { securityFor, securitySchemes } from "./oas/security";

/**
 * The OpenAPI 3.1 document of the REST export (GET /v1/openapi.json). trpc-to-openapi generates it
 * from the procedures' metadata and zod schemas; this module then makes it what the service really
 * serves and what outside tools accept:
 * - the spec's trailing-slash paths under /v1;
 * - each operation's id, tag, summary, description, security and examples from its contract
 *   (routers/<domain>/<procedure>.contract.ts, read from the procedure's metadata: api/contracts.ts);
 * - parameter types the adapter cannot infer from the preprocess helpers (oas/parameters.ts);
 * - every status an operation can answer, with the `{error, message}` envelope (oas/components.ts)
 *   and the rate-limit headers.
 * The document is built once per process; only `servers`, `contact` and the guide depend on the
 * base URL.
 */

const RESPONSE_STATUS: Record<TErrorResponseName, string> = {
  ValidationError: "400",
  TrackingLimitOrInvalid: "400",
  NotAuthenticated: "401",
  PermissionDenied: "403",
  RawDataPermissionDenied: "403",
  NotFound: "404",
  CursorExpired: "410",
  PayloadTooLarge: "413",
  Throttled: "429",
  InternalError: "500",
  ServiceUnavailable: "503",
  SemanticUnavailable: "503",
};

const BODY_METHODS = new Set(["post", "patch", "put"]);

type TJson = Record<string, unknown>;
interface TOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown;
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TJson; example?: unknown }> };
  responses?: Record<
    string,
    { description?: string; headers?: unknown; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >;
}

let cached: OpenAPIObject | undefined;

export function openApiDocument(baseUrl: string): OpenAPIObject {
  cached ??= build();
  return {
    ...cached,
    info: { ...cached.info, description: guide(baseUrl), contact: contact(baseUrl) },
    servers: [{ url: `${baseUrl}/v1`, description: "This server" }],
    components: { ...cached.components, securitySchemes: securitySchemes(baseUrl) },
  } as OpenAPIObject;
}

function build(): OpenAPIObject {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Venture Monitor API",
    version: API_VERSION,
    baseUrl: "/v1",
  });
  const contracts = new Map(restContracts().map(({ contract: c }) => [`${c.method} ${c.path}`, c]));
  const used = new Set<string>();
  const paths: NonNullable<OpenAPIObject["paths"]> = {};
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const withSlash = path.endsWith("/") ? path : `${path}/`;
    for (const [method, op] of Object.entries(item as Record<string, TOperation>)) {
      const key = `${method.toUpperCase()} ${withSlash}`;
      const contract = contracts.get(key);
      if (!contract) throw new Error(`OpenAPI: no contract for ${key} (its procedure's .meta(restMeta(contract)))`);
      used.add(key);
      document(op, contract, BODY_METHODS.has(method));
    }
    paths[withSlash] = item;
  }
  const unused = [...contracts.keys()].filter((k) => !used.has(k));
  if (unused.length > 0) throw new Error(`OpenAPI: contracts whose path the document does not have: ${unused.join(", ")}`);
  describeBulkItems(paths as Record<string, Record<string, TOperation>>);
  stripSafeIntegerBounds(paths);
  return {
    openapi: doc.openapi,
    info: { title: doc.info.title, version: doc.info.version, license: LICENSE },
    tags: GLOBAL_TAGS,
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      responses: ERROR_RESPONSES,
      headers: HEADERS,
    },
  } as unknown as OpenAPIObject;
}

/** Applies an operation's contract (documentation, security, examples, statuses) to the generated operation, in place. */
function document(op: TOperation, d: TContract, withBody: boolean): void {
  const { examples } = d;
  op.operationId = d.operationId;
  op.summary = d.summary;
  op.description = d.description;
  op.tags = [d.tag];
  op.security = securityFor(d.scope);
  for (const p of op.parameters ?? []) {
    fixParameter(p, d);
    if (examples.params && p.name in examples.params) p.example = examples.params[p.name];
  }
  const body = op.requestBody?.content?.["application/json"];
  if (body?.schema) {
    fixBodySchema(body.schema);
    if (examples.body) body.example = examples.body;
  }
  const ok = op.responses?.["200"];
  if (!ok?.content?.["application/json"]) throw new Error(`OpenAPI: ${d.operationId} has no JSON 200 response`);
  // The operation's own errors last: where one shares a status with these (503), its response wins.
  const errors: TErrorResponseName[] = [
    "NotAuthenticated",
    "Throttled",
    "InternalError",
    "ServiceUnavailable",
    ...(withBody ? (["PayloadTooLarge"] as const) : []),
    ...d.errors,
  ];
  const byStatus = new Map<string, unknown>();
  for (const name of errors) byStatus.set(RESPONSE_STATUS[name], { $ref: `#/components/responses/${name}` });
  op.responses = {
    "200": {
      description: d.returns,
      headers: SUCCESS_HEADERS,
      content: { "application/json": { schema: ok.content["application/json"].schema, example: examples.response } },
    },
    ...Object.fromEntries([...byStatus].sort(([a], [b]) => a.localeCompare(b))),
  };
}

/**
 * The bulk create body's items are checked one by one inside the procedure (zod sees `unknown`, so
 * that one bad item never fails the others): each is a create body whose `source` may be left out.
 */
function describeBulkItems(paths: Record<string, Record<string, TOperation>>): void {
  const bodyOf = (path: string) => paths[path]?.post?.requestBody?.content?.["application/json"]?.schema;
  const create = bodyOf("/radar/applications/");
  const applications = (bodyOf("/radar/applications/bulk/")?.properties as Record<string, TJson> | undefined)?.applications;
  if (!create || !applications) throw new Error("OpenAPI: the radar create bodies are missing");
  const { required: _required, ...item } = create;
  applications.items = { ...item, description: "A create body; `source`, when given, must be the request's." };
}

/** Drops zod's ±(2^53 - 1) bounds of plain integers: noise that says nothing to a client. */
function stripSafeIntegerBounds(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) stripSafeIntegerBounds(item);
    return;
  }
  if (!node || typeof node !== "object") return;
  const obj = node as TJson;
  if (obj.minimum === Number.MIN_SAFE_INTEGER) delete obj.minimum;
  if (obj.maximum === Number.MAX_SAFE_INTEGER) delete obj.maximum;
  for (const value of Object.values(obj)) stripSafeIntegerBounds(value);
}
