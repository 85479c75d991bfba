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

export function useUrlParams(): {
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
  const params = useMemo(() => Object.fromEntries(search.entries()) as TUrlParams, [search]);

  const href = useCallback(
    (patch: Record<string, string | undefined> = {}) => {
      const next = new URLSearchParams(search.toString());
      const resetsPage = Object.keys(patch).some((k) => !PAGING.has(k));
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined || v === "") next.delete(k);
        else next.set(k, v);
      }
      if (resetsPage) next.delete("offset");
      if (patch.limit !== undefined) next.delete("offset");
      const qs = next.toString();
      return qs ? `${pathname}?${qs}` : pathname;
    },
    [search, pathname],
  );

  const set = useCallback(
    (patch: Record<string, string | undefined>, opts: { replace?: boolean } = {}) => {
      const url = href(patch);
      if (opts.replace) router.replace(url, { scroll: false });
      else router.push(url, { scroll: false });
    },
    [href, router],
  );

  const clear = useCallback(
    (keep: string[] = []) => {
      const next = new URLSearchParams();
      for (const k of keep) if (params[k] !== undefined) next.set(k, params[k]);
      const qs = next.toString();
      router.push(qs ? `${pathname}?${qs}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  return { params, set, clear, href };
}

/** A comma-separated list parameter as an array (empty when absent). */
export const listParam = (v: string | undefined): string[] => (v ? v.split(",").filter(Boolean) : []);
