import { isScope, type TOAuthScope } from "~/server/domain/access/scopes";

/** The `scope` parameter of OAuth requests and responses; the scope names are server/domain/access/scopes.ts. */

/** A `scope` parameter (space-separated) as a sorted set; undefined when a name is unknown. */
export function parseScopes(raw: string | undefined | null): TOAuthScope[] | undefined {
  const names = (raw ?? "").split(" ").filter((s) => s.length > 0);
  if (!names.every(isScope)) return undefined;
  return [...new Set(names as TOAuthScope[])].sort();
}

export const formatScopes = (scopes: readonly string[]): string => [...scopes].sort().join(" ");
