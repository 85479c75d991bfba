import type { AnyRouter } from "@trpc/server";

/**
 * The REST dispatcher (dispatch.ts) matches a request against the procedures' parameterised paths
 * in the order of the router's procedure record and takes the first match, so `/cards/{slug}/`
 * registered before `/cards/stages/` would answer `GET /cards/stages/` with slug "stages". The REST
 * edge hands it a copy of the router whose record is sorted by specificity instead: at the first segment
 * where two paths differ in kind, a fixed segment comes before a `{parameter}`. Equal shapes keep
 * their order (the sort is stable), and paths of different lengths never match the same request.
 * The router itself (and the OpenAPI document generated from it) keeps its order.
 */

type TProcedureLike = { _def: { meta?: { openapi?: { path?: string } } } };

/** 0 for a fixed segment, 1 for a `{parameter}`, per segment of the path. */
function shape(path: string | undefined): number[] {
  if (path === undefined) return [];
  return path
    .split("/")
    .filter((s) => s !== "")
    .map((s) => (s.startsWith("{") ? 1 : 0));
}

function compareShapes(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** The router with its procedures ordered for path matching (fixed segments before parameters). */
export function bySpecificity<TRouter extends AnyRouter>(router: TRouter): TRouter {
  const entries = Object.entries(router._def.procedures as Record<string, TProcedureLike>);
  const sorted = entries
    .map(([name, p]) => ({ name, p, shape: shape(p._def.meta?.openapi?.path) }))
    .sort((a, b) => compareShapes(a.shape, b.shape))
    .map(({ name, p }) => [name, p] as const);
  return { ...router, _def: { ...router._def, procedures: Object.fromEntries(sorted) } } as TRouter;
}
