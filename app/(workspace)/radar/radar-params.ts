import type { TUrlParams } from "~/app/_ui/use-url-params";
import { asSource } from "./radar-types";

/**
 * /radar's URL state under the REST parameter names of the list procedures: `source`, `tab`
 * (connections or applications), and the shown list's q, is_tracking, init_status, sort, order,
 * limit, offset.
 */

export const DEFAULT_LIMIT = 20;
const SORTS = ["recent", "name", "company", "tracked"] as const;
const STATUSES = ["idle", "pending", "processing", "failed"] as const;

export type TTab = "connections" | "applications";
export const asTab = (v: string | undefined): TTab => (v === "applications" ? "applications" : "connections");

const one = <T extends string>(list: readonly T[], v: string | undefined): T | undefined =>
  (list as readonly string[]).includes(v ?? "") ? (v as T) : undefined;
const bool = (v: string | undefined) => (v === "true" ? true : v === "false" ? false : undefined);

export function listInput(params: TUrlParams) {
  const limit = Math.min(100, Math.max(1, Number(params.limit) || DEFAULT_LIMIT));
  return {
    source: asSource(params.source),
    limit,
    offset: Math.max(0, Number(params.offset) || 0),
    q: params.q || undefined,
    is_tracking: bool(params.is_tracking),
    sort: one(SORTS, params.sort),
    order: one(["asc", "desc"] as const, params.order),
  };
}

export function applicationsInput(params: TUrlParams) {
  return { ...listInput(params), init_status: one(STATUSES, params.init_status) };
}
