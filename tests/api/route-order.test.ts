import { initTRPC } from "@trpc/server";
import { getPathRegExp, normalizePath, type OpenApiMeta } from "trpc-to-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { restDispatcher } from "~/server/api/rest/dispatch";
import { bySpecificity } from "~/server/api/rest/route-order";
import { appRouter } from "~/server/api/root";

/**
 * Path matching of the REST edge does not depend on the order procedures are declared in: a fixed
 * path (`/things/stages/`) wins over a parameterised one (`/things/{slug}/`) wherever either sits.
 */

const t = initTRPC.meta<OpenApiMeta>().create();
const answer = (which: string, path: `/${string}`) =>
  t.procedure
    .meta({ openapi: { method: "GET", path } })
    .input(path.includes("{slug}") ? z.object({ slug: z.string() }) : z.object({}))
    .output(z.object({ which: z.string(), slug: z.string().optional() }))
    .query(({ input }) => ({ which, ...input }));

/** The parameterised path first: the order that would answer /things/stages/ as a slug. */
const router = t.router({
  detail: answer("detail", "/things/{slug}/"),
  stages: answer("stages", "/things/stages/"),
  nested: answer("nested", "/things/{slug}/stages/"),
  nestedFixed: answer("nested-fixed", "/things/all/stages/"),
});

const dispatch = restDispatcher(bySpecificity(router));
const get = (path: string) =>
  dispatch({ method: "GET", path, query: new URLSearchParams() }, async () => ({}) as never) as Promise<{ which: string; slug?: string }>;

describe("REST path matching", () => {
  it("a fixed path wins over a parameter declared before it", async () => {
    expect(await get("/things/stages/")).toEqual({ which: "stages" });
    expect(await get("/things/some-card/")).toEqual({ which: "detail", slug: "some-card" });
    expect(await get("/things/all/stages/")).toEqual({ which: "nested-fixed" });
    expect(await get("/things/some-card/stages/")).toEqual({ which: "nested", slug: "some-card" });
  });

  it("every /v1 path of the app reaches its own procedure, whatever order the routers declare them in", () => {
    type TProc = { _def: { meta?: { openapi?: { method: string; path: string } } } };
    const entries = Object.entries(appRouter._def.procedures as unknown as Record<string, TProc>).filter(([, p]) => p._def.meta?.openapi);
    expect(entries.length).toBeGreaterThan(40);
    const reversed = { ...appRouter, _def: { ...appRouter._def, procedures: Object.fromEntries([...entries].reverse()) } };
    const ordered = Object.entries(
      bySpecificity(reversed as unknown as typeof appRouter)._def.procedures as unknown as Record<string, TProc>,
    );
    for (const [name, p] of entries) {
      const { method, path } = p._def.meta!.openapi!;
      const request = normalizePath(path.replace(/\{[^}]+\}/g, "x1"));
      const first = ordered.find(
        ([, q]) => q._def.meta!.openapi!.method === method && getPathRegExp(normalizePath(q._def.meta!.openapi!.path)).test(request),
      );
      expect(first?.[0], `${method} ${request}`).toBe(name);
    }
  });
});
