import type { TErrorResponseName } from "./components";

/** The documentation of one REST operation, beyond what the procedure's zod schemas say. */

export const TAGS = {
  Cards: "Cards (startups and projects): lists with filters, sorting, text and semantic search; one card; its signals.",
  "Reference data": "The values of the card filters: categories, stages, rounds, locations, source types, and your folders and saved filters.",
  Participants: "Funds, investors, angels, accelerators and other participants that signal cards.",
  "Raw data":
    "Restricted (enabled per account): founder profiles and named collections of them. Parameters here are lenient: an invalid value is ignored (and named in `meta.ignored`) rather than rejected.",
  Radar: "Follow profiles on network_a and network_b, and read a feed of their changes (career moves, headline and bio changes).",
  Webhooks:
    "Signed push notifications: endpoints that receive radar updates, new connections, failed applications and new saved-filter matches as they happen (Standard Webhooks signatures; see the webhooks guide).",
  Utilities: "Token validation: plan, quota usage, capabilities and scope of the token.",
} as const;

export type TTag = keyof typeof TAGS;

export type TMethod = "GET" | "POST" | "PATCH" | "DELETE";
export type TOperationKey = `${TMethod} /${string}`;

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
  /** Parameter descriptions for this operation, over the shared ones (oas/parameters.ts). */
  params?: Record<string, string>;
}

/** Operations keyed by "METHOD /path/" (the adapter's path, without /v1). */
export type TOperationTable = Record<TOperationKey, TOperationDoc>;
