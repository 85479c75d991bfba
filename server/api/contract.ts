import type { OpenApiMeta } from "trpc-to-openapi";
import type { z } from "zod";
import type { TOAuthScope } from "../domain/access/scopes";
import type { TCapability } from "../domain/access/catalog";
import type { TErrorResponseName } from "./rest/oas/components";
import type { TMethod, TTag } from "./rest/oas/types";

/**
 * The contract of one /v1 operation: everything its clients are told about it, in one object that
 * sits beside its procedure (routers/<domain>/<procedure>.contract.ts). The procedure takes its
 * metadata, input and output from it (`.meta(restMeta(c)).input(c.input).output(c.output)`); the
 * OpenAPI document (rest/openapi.ts), the catalog at `GET /` (api/catalog.ts) and the MCP tools
 * (mcp/tools.ts) are built from the contracts.
 */

/** Request and response examples of one operation (values as the demo data has them). */
export interface TOperationExamples {
  /** Path and query parameter values as a client gives them (lists as arrays: sent comma-separated). */
  params?: Record<string, unknown>;
  /** The JSON body (POST and PATCH). */
  body?: Record<string, unknown>;
  /** The body of the 200 answer. */
  response: unknown;
}

/** An MCP tool that calls the operation's procedure: its name and what the model reads about it. */
export interface TToolText {
  name: string;
  title: string;
  description: string;
  /** Whether the tool only reads (default: the operation is a GET). */
  readOnly?: boolean;
}

/** The operation's line in the public catalog (`GET /`). */
interface TCatalogEntry {
  capability: TCapability;
  /** Position among the capability's endpoints. */
  order: number;
  description: string;
}

/** What the OpenAPI document says of an operation beyond its zod schemas. */
export interface TOperationDoc {
  /** Stable, readable id (client generators name their functions after it). */
  operationId: string;
  tag: TTag;
  summary: string;
  /** Markdown: what it returns, the parameters that matter, paging. */
  description: string;
  /** Description of the 200 answer. */
  returns: string;
  /**
   * Error responses beyond those of every operation (401, 429, 500) and of every operation with a
   * body (413).
   */
  errors: TErrorResponseName[];
  /** Page size of a list: default and maximum (a larger value is clamped to the maximum). */
  page?: { default: number; max: number };
  /** Parameter descriptions for this operation, over the shared ones (rest/oas/parameters.ts). */
  params?: Record<string, string>;
}

export interface TContract<TIn extends z.ZodType = z.ZodType, TOut extends z.ZodType = z.ZodType> extends TOperationDoc {
  method: TMethod;
  /** The path under /v1, with its trailing slash (`/cards/{slug}/`). */
  path: `/${string}/`;
  /** The OAuth scope a Bearer token needs ("none": any token). */
  scope: TOAuthScope | "none";
  input: TIn;
  output: TOut;
  examples: TOperationExamples;
  catalog: TCatalogEntry;
  /** The MCP tools that call this procedure, if any. */
  tools?: TToolText[];
}

/** Declares a contract (keeps the zod types of its input and output). */
export function defineContract<TIn extends z.ZodType, TOut extends z.ZodType>(contract: TContract<TIn, TOut>): TContract<TIn, TOut> {
  return contract;
}

/**
 * Procedure metadata: the REST export (`openapi`), the OAuth scope a Bearer token needs to call
 * the procedure (`scope`; an OAuth token can call no procedure that names none), and for a /v1
 * operation its contract (above), from which the other two are taken.
 */
export type TMeta = OpenApiMeta<{ scope?: TOAuthScope | "none"; contract?: TContract }>;

/** The procedure metadata of a contract: the REST export for trpc-to-openapi, the OAuth scope, the contract. */
export function restMeta(contract: TContract): TMeta {
  const { method, path, operationId, tag, summary, description, scope } = contract;
  return { scope, contract, openapi: { method, path, operationId, tags: [tag], summary, description } };
}

/** How the MCP tools that return a page say so. */
export const TOOL_PAGING = "Page with `limit` and `offset`; `pagination.has_next` says whether another page exists.";
