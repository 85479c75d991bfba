import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "~/server/api/root";
import { conformanceCheck } from "~/server/api/output-conformance";
import { outputParsesSynchronously } from "~/server/api/sync-validation";
import { ZCardListResponse } from "~/server/api/routers/cards/list.types";

/** What zod answers for `value`, as JSON text, or "error". */
function zodAnswer(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value);
  return parsed.success ? JSON.stringify(parsed.data) : "error";
}

/** A conforming value must be what zod would answer, byte for byte. */
function expectSound(schema: z.ZodType, value: unknown): boolean {
  const check = conformanceCheck(schema)!;
  const conforms = check(value);
  if (conforms) expect(zodAnswer(schema, value)).toBe(JSON.stringify(value));
  return conforms;
}

const ZItem = z.object({
  id: z.number().int(),
  name: z.string(),
  score: z.number().min(0).max(1).optional(),
  tags: z.array(z.object({ slug: z.string() })),
  place: z.object({ city: z.string().nullable() }).nullable(),
  kind: z.enum(["fund", "angel"]),
  level: z.literal(3).optional(),
  extra: z.unknown().optional(),
});

const good = () => ({ id: 1, name: "a", score: 0.5, tags: [{ slug: "x" }], place: { city: null }, kind: "fund" as const });

describe("output conformance", () => {
  it("accepts an output that already is zod's answer", () => {
    expect(expectSound(ZItem, good())).toBe(true);
    const { score: _, ...noScore } = good();
    expect(expectSound(ZItem, noScore)).toBe(true);
    expect(expectSound(ZItem, { ...good(), place: null, level: 3, extra: { any: [1] } })).toBe(true);
    expect(expectSound(ZItem, Object.freeze(good()))).toBe(true);
  });

  it("leaves to zod every output zod would change or refuse", () => {
    const { score, ...rest } = good();
    const cases: unknown[] = [
      { ...good(), secret: "x" }, // an unknown key: zod strips it
      { ...rest, score, id: 1 }, // keys out of the schema's order: zod reorders
      { name: "a", id: 1, tags: [], place: null, kind: "fund" },
      { ...good(), score: undefined }, // a key set to undefined
      { ...good(), tags: [{ slug: "x", more: 1 }] }, // an unknown key deeper down
      { ...good(), id: 1.5 },
      { ...good(), id: 2 ** 53 },
      { ...good(), score: 2 },
      { ...good(), score: Number.NaN },
      { ...good(), id: Number.POSITIVE_INFINITY },
      { ...good(), kind: "other" },
      { ...good(), level: 4 },
      { ...good(), name: null },
      { ...good(), tags: [undefined] },
      { ...good(), tags: "x" },
      { ...good(), place: [] },
      (({ name: _, ...r }) => r)(good()), // a required key missing
      Object.assign(Object.create({ score: 0.1 }) as object, rest), // an optional key inherited
      Object.defineProperty(rest, "score", { value: 0.2, enumerable: false }), // hidden from enumeration
      new (class Item {
        id = 1;
        name = "a";
        tags = [];
        place = null;
        kind = "fund";
        toJSON() {
          return "custom";
        }
      })(),
      null,
      [],
      "text",
    ];
    for (const value of cases) expect(expectSound(ZItem, value)).toBe(false);
  });

  it("checks a primitive's other checks with zod, and never a rewritten value", () => {
    const schema = z.object({ email: z.email(), code: z.string().trim(), at: z.iso.datetime(), n: z.int() });
    const value = { email: "a@b.co", code: "x", at: "2026-01-01T00:00:00Z", n: 3 };
    expect(expectSound(schema, value)).toBe(true);
    expect(expectSound(schema, { ...value, code: " x " })).toBe(false);
    expect(expectSound(schema, { ...value, email: "nope" })).toBe(false);
    expect(expectSound(schema, { ...value, n: 1.5 })).toBe(false);
  });

  it("has no check for a schema zod would transform, default or choose among", () => {
    const schemas: z.ZodType[] = [
      z.object({ a: z.string().default("x") }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.union([z.string(), z.number()]) }),
      z.object({ a: z.record(z.string(), z.number()) }),
      z.object({ a: z.date() }),
      z.object({ a: z.coerce.number() }),
      z.object({ a: z.array(z.string()).min(1) }),
      z.object({ a: z.string() }).refine((o) => o.a !== ""),
    ];
    for (const schema of schemas) expect(conformanceCheck(schema)).toBeUndefined();
  });

  it("agrees with zod on random card pages (byte for byte whenever it accepts)", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;
    // Per key (in the schema's order): a value of its type most of the time, otherwise one that is not.
    const values: Record<string, [unknown[], unknown[]]> = {
      id: [
        [1, -3, 0],
        [2.5, "4", null],
      ],
      slug: [
        ["a", "", 'é\u2028"\\'],
        [null, 3],
      ],
      name: [["Acme"], [null]],
      description: [
        [null, "text"],
        [undefined, 1],
      ],
      interactions_count: [
        [0, 12],
        [Number.NaN, "1"],
      ],
      trending: [[true, false], ["true"]],
      stage: [
        [
          { name: "Seed", slug: "seed" },
          { name: "Seed", slug: null },
        ],
        [{ name: 1 }, null, { slug: "x", name: "y" }],
      ],
      categories: [
        [[], [{ name: "a", slug: "a" }]],
        [[{ name: "a" }], {}],
      ],
      location: [
        [null, Object.freeze({ ...LOCATION })],
        [{ formatted: "x" }, { ...LOCATION, extra: 1 }],
      ],
    };
    let accepted = 0;
    for (let n = 0; n < 2000; n++) {
      const item: Record<string, unknown> = {};
      for (const [key, [valid, invalid]] of Object.entries(values)) {
        if (random() < 0.1) continue;
        item[key] = pick(random() < 0.9 ? valid : invalid);
      }
      if (random() < 0.1) item.similarity = pick([0.5, 1.5]);
      if (random() < 0.05) item.unknown_key = 1;
      const page = { data: [item], pagination: { limit: 20, offset: 0, total: null, has_next: false }, meta: { sort: "x", fields: [] } };
      if (expectSound(ZCardListResponse, page)) accepted++;
    }
    expect(accepted).toBeGreaterThan(50);
  });

  it("serves a conforming output as it is, and any other as zod parses it", async () => {
    const schema = outputParsesSynchronously(ZItem.extend({}));
    const value = good();
    await expect(schema.parseAsync(value)).resolves.toBe(value);
    const stripped = await schema.parseAsync({ ...value, secret: "x" });
    expect(stripped).toEqual(value);
    await expect(schema.parseAsync({ ...value, id: "1" })).rejects.toBeInstanceOf(z.ZodError);
  });

  it("has a check for the output of the card list and most procedures", () => {
    const outputs = Object.values(appRouter._def.procedures as unknown as Record<string, { _def: { output?: z.ZodType } }>).flatMap((p) =>
      p._def.output ? [p._def.output] : [],
    );
    expect(conformanceCheck(ZCardListResponse)).toBeDefined();
    expect(outputs.filter((o) => conformanceCheck(o)).length).toBeGreaterThan(outputs.length / 2);
  });
});

const LOCATION = {
  formatted: "Seoul, South Korea",
  slug: "seoul",
  city: "Seoul",
  state: null,
  country: "South Korea",
  region: "Asia",
  region_slug: "asia",
  type: "city",
};
