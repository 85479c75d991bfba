import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { restDispatcher, type TRestCall } from "~/server/api/rest/dispatch";
import { bySpecificity } from "~/server/api/rest/route-order";

/**
 * The REST dispatcher's rules (server/api/rest/dispatch.ts), on a router of its own: how a path
 * finds its procedure and how the query, the body and the path parameters become its input.
 */

const t = initTRPC.meta<OpenApiMeta>().create();
const echo = z.object({ input: z.unknown() });
const router = t.router({
  list: t.procedure
    .meta({ openapi: { method: "GET", path: "/things/" } })
    .input(z.object({ q: z.string().optional(), ids: z.array(z.string()).optional(), n: z.number().optional() }))
    .output(echo)
    .query(({ input }) => ({ input })),
  tagged: t.procedure
    .meta({ openapi: { method: "GET", path: "/tags/" } })
    .input(z.object({ tag: z.array(z.string()) }))
    .output(echo)
    .query(({ input }) => ({ input })),
  detail: t.procedure
    .meta({ openapi: { method: "GET", path: "/things/{slug}/" } })
    .input(z.object({ slug: z.string(), q: z.string().optional() }))
    .output(echo)
    .query(({ input }) => ({ input })),
  create: t.procedure
    .meta({ openapi: { method: "POST", path: "/things/{slug}/notes/" } })
    .input(z.object({ slug: z.string(), text: z.string() }))
    .output(echo)
    .mutation(({ input }) => ({ input })),
  ping: t.procedure
    .meta({ openapi: { method: "GET", path: "/ping/" } })
    .input(z.void())
    .output(echo)
    .query(({ input }) => ({ input })),
  hidden: t.procedure
    .meta({ openapi: { method: "GET", path: "/hidden/", enabled: false } })
    .output(echo)
    .query(() => ({ input: "hidden" })),
});

const dispatch = restDispatcher(bySpecificity(router));
async function call(method: string, pathAndQuery: string, body?: object) {
  const url = new URL(pathAndQuery, "http://localhost");
  const request: TRestCall = { method, path: url.pathname, query: url.searchParams, body };
  return ((await dispatch(request, async () => ({}) as never)) as { input: unknown }).input;
}

async function notFound(method: string, path: string) {
  const err = await call(method, path).catch((e: unknown) => e);
  expect(err, `${method} ${path}`).toBeInstanceOf(TRPCError);
  expect((err as TRPCError).code).toBe("NOT_FOUND");
}

describe("REST dispatcher", () => {
  it("finds a path with or without its trailing slash, in any case; a path parameter is the raw segment", async () => {
    expect(await call("GET", "/things/")).toEqual({});
    expect(await call("GET", "/THINGS")).toEqual({});
    expect(await call("GET", "/things/a%20b")).toEqual({ slug: "a%20b" });
    expect(await call("GET", "/Things/Some-Card/?q=x")).toEqual({ slug: "Some-Card", q: "x" });
  });

  it("answers NOT_FOUND for an unknown path, another method, or a procedure left out of the API", async () => {
    await notFound("GET", "/nothing/");
    await notFound("DELETE", "/things/");
    await notFound("GET", "/things/a/b/c/");
    await notFound("GET", "/hidden/");
  });

  it("a parameter given once is a string, more than once an array; an array parameter is always one", async () => {
    expect(await call("GET", "/things/?q=a&ids=1&ids=2")).toEqual({ q: "a", ids: ["1", "2"] });
    expect(await call("GET", "/things/?ids=1")).toEqual({ ids: ["1"] });
    expect(await call("GET", "/tags/?tag=x")).toEqual({ tag: ["x"] });
  });

  it("coerces numbers from the query", async () => {
    expect(await call("GET", "/things/?n=5")).toEqual({ n: 5 });
  });

  it("drops a __proto__ parameter; other names of Object.prototype stay ordinary parameters", async () => {
    expect(await call("GET", "/things/?__proto__=1&q=a")).toEqual({ q: "a" });
    // z.object() strips unknown keys (the app's inputs are strict and name them instead).
    expect(await call("GET", "/things/?constructor=1&toString=2")).toEqual({});
  });

  it("a body method's input is its body with the path parameters over it", async () => {
    expect(await call("POST", "/things/abc/notes/", { text: "hi", slug: "other" })).toEqual({ slug: "abc", text: "hi" });
  });

  it("a procedure without input gets none, whatever the query", async () => {
    expect(await call("GET", "/ping/?x=1")).toBeUndefined();
  });
});
