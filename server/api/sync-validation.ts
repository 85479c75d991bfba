import { z } from "zod";
import { conformanceCheck } from "./output-conformance";

/**
 * Procedures validate their input and output with zod's synchronous parse.
 *
 * tRPC calls a schema's `parseAsync`, and zod 4 runs its compiled object parser only on a
 * synchronous parse, several times faster on a page of cards (docs/benchmarks.md). Our schemas
 * have no asynchronous refinements; should one ever
 * meet a promise, zod's own asynchronous parse takes over, so the answer is the same either way.
 */
export function parsesSynchronously<T extends z.ZodType>(schema: T): T {
  if (synchronous.has(schema)) return schema;
  const parseAsync = schema.parseAsync.bind(schema);
  const parseFirst: typeof schema.parseAsync = (data, params) => {
    try {
      return Promise.resolve(schema.parse(data, params));
    } catch (err) {
      return err instanceof z.core.$ZodAsyncError ? parseAsync(data, params) : Promise.reject(err);
    }
  };
  // The same instance keeps its identity: the OpenAPI document is generated from it.
  schema.parseAsync = parseFirst;
  synchronous.add(schema);
  return schema;
}

const synchronous = new WeakSet<z.ZodType>();
const checkedFirst = new WeakSet<z.ZodType>();

/**
 * An output schema: parsed synchronously, and an output that already conforms to it
 * (output-conformance.ts) is answered as it is, without the copy zod's parse would make of it.
 */
export function outputParsesSynchronously<T extends z.ZodType>(schema: T): T {
  parsesSynchronously(schema);
  const conforms = conformanceCheck(schema);
  if (!conforms || checkedFirst.has(schema)) return schema;
  const parse = schema.parseAsync.bind(schema);
  const checkFirst: typeof schema.parseAsync = (data, params) =>
    conforms(data) ? Promise.resolve(data as z.output<T>) : parse(data, params);
  schema.parseAsync = checkFirst;
  checkedFirst.add(schema);
  return schema;
}

/** True once `parsesSynchronously` has been applied to the schema. */
export function isParsedSynchronously(schema: unknown): boolean {
  return schema instanceof z.ZodType && synchronous.has(schema);
}

type TBuilderMethod = (...args: unknown[]) => unknown;

/** Methods of a tRPC procedure builder that end the chain (they return a procedure, not a builder). */
const terminal = new Set<PropertyKey>(["query", "mutation", "subscription"]);

/**
 * A tRPC procedure builder whose `.input()` and `.output()` schemas, on this builder and every
 * builder derived from it, parse synchronously (`parsesSynchronously`, `outputParsesSynchronously`).
 */
export function withSynchronousParsing<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== "function" || terminal.has(key)) return value;
      return (...args: unknown[]) => {
        if (key === "input" && args[0] instanceof z.ZodType) args[0] = parsesSynchronously(args[0]);
        if (key === "output" && args[0] instanceof z.ZodType) args[0] = outputParsesSynchronously(args[0]);
        const next = (value as TBuilderMethod).apply(target, args);
        return typeof next === "object" && next !== null ? withSynchronousParsing(next) : next;
      };
    },
  });
}
