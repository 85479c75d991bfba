"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

/**
 * A page's view state (filters, sort, page, page size) kept in the URL's query string under the
 * REST API's parameter names, so a link reproduces the view and Back returns to the previous one.
 * Values are strings as in a query string (lists comma-separated); empty values are dropped.
 */
export type TUrlParams = Record<string, string>;

/** Parameters whose change keeps the current page; any other change returns to the first page. */
const PAGING = new Set(["offset", "limit"]);

export interface TUrlParamsOptions {
  /**
   * Called with the next view's parameters as a change is made, before the route changes: a page
   * starts loading the next view's data here, at the click, instead of once the new route has
   * rendered (the route's render and the data call then overlap).
   */
  onNavigate?: (next: TUrlParams) => void;
}

export function useUrlParams(options: TUrlParamsOptions = {}): {
  params: TUrlParams;
  /** Applies a patch (undefined or "" removes a key); a filter change resets `offset`. */
  set: (patch: Record<string, string | undefined>, opts?: { replace?: boolean }) => void;
  /** Drops every parameter but the ones named. */
  clear: (keep?: string[]) => void;
  href: (patch?: Record<string, string | undefined>) => string;
} {
  const search = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const { onNavigate } = options;
  const params = useMemo(() => Object.fromEntries(search.entries()) as TUrlParams, [search]);

  const patched = useCallback(
    (patch: Record<string, string | undefined>) => {
      const next = new URLSearchParams(search.toString());
      const resetsPage = Object.keys(patch).some((k) => !PAGING.has(k));
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === "") next.delete(k);
        else next.set(k, v);
      }
      if (resetsPage) next.delete("offset");
      if (patch.limit !== undefined) next.delete("offset");
      return next;
    },
    [search],
  );

  const urlOf = useCallback(
    (next: URLSearchParams) => {
      const qs = next.toString();
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [pathname],
  );

  const href = useCallback((patch: Record<string, string | undefined> = {}) => urlOf(patched(patch)), [patched, urlOf]);

  const go = useCallback(
    (next: URLSearchParams, replace: boolean) => {
      onNavigate?.(Object.fromEntries(next.entries()));
      if (replace) router.replace(urlOf(next), { scroll: false });
      else router.push(urlOf(next), { scroll: false });
    },
    [onNavigate, router, urlOf],
  );

  const set = useCallback(
    (patch: Record<string, string | undefined>, opts: { replace?: boolean } = {}) => go(patched(patch), opts.replace ?? false),
    [go, patched],
  );

  const clear = useCallback(
    (keep: string[] = []) => {
      const next = new URLSearchParams();
      for (const k of keep) if (params[k] !== undefined) next.set(k, params[k]);
      go(next, false);
    },
    [go, params],
  );

  return { params, set, clear, href };
}

/** A comma-separated list parameter as an array (empty when absent). */
export const listParam = (v: string | undefined): string[] => (v ? v.split(",").filter(Boolean) : []);
