import { TRPCError, type AnyProcedure, type AnyRouter } from "@trpc/server";
import {
  coerceSchema,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
} from "trpc-to-openapi";
import { ZodArray, type ZodObject, type ZodRawShape, type ZodType } from "zod";
import type { TContext } from "../trpc";

/**
 * Finds and calls the procedure a REST request names, from the OpenAPI metadata on each procedure
 * (`meta.openapi`: the one definition of an endpoint, which the OpenAPI document is generated
 * from too). The matching and the input rules are trpc-to-openapi's, with its own helpers:
 *
 * - paths match case-insensitively, with or without the trailing slash; fixed paths before
 *   parameterised ones (the router's record is sorted by specificity, route-order.ts), and a path
 *   parameter is the raw segment;
 * - a GET's input is its query (a parameter given once is a string, given more than once an array;
 *   a parameter whose schema is an array, or an optional one, is always an array), a body method's
 *   the parsed body, either merged with the path parameters; a procedure without input gets none;
 * - numbers, booleans, big integers and dates in the input's object coerce from strings;
 * - a query parameter named `__proto__` is dropped (it cannot reach the input's keys).
 *
 * It does per request only what a request needs: one lookup (a map for fixed paths, the
 * parameterised ones in order), the input, the procedure through a caller bound to the context.
 */

interface TRoute {
  /** The procedure's dotted path in the router ("cards.list"). */
  segments: string[];
  /** The procedure takes no input (z.void() and the like). */
  voidInput: boolean;
  /** Query parameters whose schema is an array: one value still makes an array. */
  arrayKeys: string[];
}

interface TRouteTable {
  fixed: Map<string, TRoute>;
  parameterised: { method: string; pattern: RegExp; route: TRoute }[];
}

/** What the REST edge hands to a procedure: where, the raw query, the parsed body. */
export interface TRestCall {
  method: string;
  /** The path under the API's prefix ("/cards/"). */
  path: string;
  query: URLSearchParams;
  /** A body method's parsed body (handler.ts reads it for POST, PUT and PATCH); the query is then not read. */
  body?: object;
}

function routeOf(path: string, procedure: AnyProcedure): TRoute {
  const { inputParser } = getInputOutputParsers(procedure as never);
  const schema = unwrapZodType(inputParser as never, true);
  const arrayKeys: string[] = [];
  if (instanceofZodTypeObject(schema)) {
    for (const [key, shape] of Object.entries((schema as ZodObject<ZodRawShape>).shape)) {
      const inner: unknown = instanceofZodTypeOptional(shape as never) ? (shape as unknown as { unwrap(): ZodType }).unwrap() : shape;
      if (inner instanceof ZodArray) arrayKeys.push(key);
    }
    if (zodSupportsCoerce) coerceSchema(schema as never);
  }
  return { segments: path.split("."), voidInput: instanceofZodTypeLikeVoid(schema), arrayKeys };
}

function routeTable(router: AnyRouter): TRouteTable {
  const table: TRouteTable = { fixed: new Map(), parameterised: [] };
  forEachOpenApiProcedure(router._def.procedures as never, ({ path, procedure, meta: { openapi } }) => {
    if (procedure._def.type === "subscription") return;
    const route = routeOf(path, procedure as AnyProcedure);
    const openapiPath = normalizePath(openapi.path);
    if (!openapiPath.includes("{")) {
      const key = `${openapi.method} ${openapiPath.toLowerCase()}`;
      if (!table.fixed.has(key)) table.fixed.set(key, route);
    } else table.parameterised.push({ method: openapi.method, pattern: getPathRegExp(openapiPath), route });
  });
  return table;
}

function match(table: TRouteTable, method: string, path: string): { route: TRoute; params: Record<string, string> } | undefined {
  const fixed = table.fixed.get(`${method} ${path.toLowerCase()}`);
  if (fixed) return { route: fixed, params: {} };
  for (const p of table.parameterised) {
    if (p.method !== method) continue;
    const m = p.pattern.exec(path);
    if (m) return { route: p.route, params: { ...m.groups } };
  }
  return undefined;
}

function queryInput(query: URLSearchParams, route: TRoute): Record<string, unknown> {
  const values: Record<string, string[]> = Object.create(null);
  for (const [k, v] of query) (values[k] ??= []).push(v);
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(values)) {
    // A `__proto__` parameter cannot become one of the input's keys: it is dropped.
    if (key === "__proto__") continue;
    const list = values[key]!;
    input[key] = list.length === 1 ? list[0] : list;
  }
  for (const key of route.arrayKeys) if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
  return input;
}

/**
 * The REST dispatcher of `router` (its record sorted by specificity). It answers with the
 * procedure's output, or throws: a TRPCError NOT_FOUND when no procedure has the method and path,
 * otherwise what the procedure or `createContext` threw.
 */
export function restDispatcher(router: AnyRouter) {
  const table = routeTable(router);
  return async (call: TRestCall, createContext: () => Promise<TContext>): Promise<unknown> => {
    const found = match(table, call.method, normalizePath(call.path));
    if (!found) throw new TRPCError({ code: "NOT_FOUND", message: "Not found" });
    const { route, params } = found;
    const input = route.voidInput ? undefined : { ...(call.body ?? queryInput(call.query, route)), ...params };
    const caller = router.createCaller(await createContext()) as Record<string, unknown>;
    let fn: unknown = caller;
    for (const segment of route.segments) fn = (fn as Record<string, unknown>)[segment];
    return (fn as (input: unknown) => Promise<unknown>)(input);
  };
}
