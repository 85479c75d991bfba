import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "~/server/api/root";
import { isParsedSynchronously, parsesSynchronously } from "~/server/api/sync-validation";

describe("synchronous validation of procedures", () => {
  it("covers the input and output schema of every procedure", () => {
    const procedures = Object.entries(
      appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[]; output?: unknown } }>,
    );
    expect(procedures.length).toBeGreaterThan(50);
    const missed = procedures.flatMap(([path, p]) => [
      ...p._def.inputs.filter((s) => !isParsedSynchronously(s)).map(() => `${path} input`),
      ...(p._def.output !== undefined && !isParsedSynchronously(p._def.output) ? [`${path} output`] : []),
    ]);
    expect(missed).toEqual([]);
    expect(procedures.filter(([, p]) => p._def.output !== undefined).length).toBeGreaterThan(40);
  });

  it("gives what zod's asynchronous parse gives, values and errors", async () => {
    const make = () =>
      z.object({ n: z.coerce.number().int().min(1), tags: z.array(z.string()).default([]), when: z.iso.datetime().optional() });
    const fast = parsesSynchronously(make());
    const reference = make();
    for (const value of [{ n: "3" }, { n: 2, tags: ["a"], when: "2026-01-01T00:00:00Z" }]) {
      await expect(fast.parseAsync(value)).resolves.toEqual(await reference.parseAsync(value));
    }
    for (const value of [{ n: "0" }, { n: 1, tags: [3] }, null, { n: 1, when: "yesterday" }]) {
      const expected = await reference.parseAsync(value).catch((e: unknown) => e);
      const got = await fast.parseAsync(value).catch((e: unknown) => e);
      expect(got).toBeInstanceOf(z.ZodError);
      expect((got as z.ZodError).issues).toEqual((expected as z.ZodError).issues);
    }
  });

  it("falls back to the asynchronous parse for a schema that awaits", async () => {
    const schema = parsesSynchronously(z.string().refine(async (s) => s.length > 2, "too short"));
    await expect(schema.parseAsync("abcd")).resolves.toBe("abcd");
    await expect(schema.parseAsync("a")).rejects.toBeInstanceOf(z.ZodError);
  });

  it("runs the synchronous parse (no promise inside zod) and is idempotent", async () => {
    const schema = z.object({ a: z.string() });
    const calls: string[] = [];
    const parse = schema.parse.bind(schema);
    schema.parse = ((data: unknown) => (calls.push("parse"), parse(data))) as typeof schema.parse;
    const once = parsesSynchronously(schema);
    expect(parsesSynchronously(once)).toBe(schema);
    await once.parseAsync({ a: "x" });
    expect(calls).toEqual(["parse"]);
  });
});
