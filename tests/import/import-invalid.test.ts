import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fileSource, ImportValidationError, importJsonl, stdinSource } from "~/server/domain/import";
import { openTestDb, type TTestDb } from "../helpers/db";
import { counts, linesSource, resetData } from "./helpers";
import { EXPECTED, FILE, j } from "./invalid-fixture";

/** Invalid lines (docs/import-format.md): reported by number and reason; nothing written unless skipInvalid. */

let t: TTestDb;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await resetData(t.db);
});

describe("importJsonl, invalid lines", () => {
  it("imports nothing and reports every bad line by number and reason", async () => {
    const err = await importJsonl(t.db, linesSource(FILE)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportValidationError);
    const invalid = (err as ImportValidationError).invalid;
    expect(invalid.map((i) => i.line)).toEqual(EXPECTED.map(([line]) => line));
    for (const [line, re] of EXPECTED) expect(invalid.find((i) => i.line === line)!.reason).toMatch(re);
    expect((err as ImportValidationError).report).toMatchObject({ lines: 15, valid: 5 });
    expect(Object.values(await counts(t.db)).every((n) => n === 0)).toBe(true);
  });

  it("with skipInvalid imports the valid lines and reports the others", async () => {
    const report = await importJsonl(t.db, linesSource(FILE), { skipInvalid: true });
    expect(report.skippedInvalid).toBe(true);
    expect(report.invalid.map((i) => i.line)).toEqual(EXPECTED.map(([line]) => line));
    expect(report).toMatchObject({
      lines: 15,
      valid: 5,
      written: { stage: 1, participant_type: 1, participant: 1, card: 1, interaction: 1 },
    });
    expect(await t.db.$queryRawUnsafe(`SELECT slug, interactions_count FROM card`)).toEqual([{ slug: "ok", interactions_count: 1 }]);
    expect(await counts(t.db)).toMatchObject({ category: 0, profile: 0, interaction: 1 });
  });

  it("resolves references against the database", async () => {
    await importJsonl(t.db, linesSource([FILE[0]!, FILE[9]!, FILE[10]!]));
    const report = await importJsonl(t.db, linesSource([FILE[14]!, FILE[15]!]));
    expect(report.invalid).toEqual([]);
    expect(await t.db.$queryRawUnsafe(`SELECT slug, interactions_count FROM card`)).toEqual([{ slug: "ok", interactions_count: 1 }]);
  });

  it("rejects parent cycles and one network_b username for two users", async () => {
    const err = (await importJsonl(
      t.db,
      linesSource([
        j({ kind: "category", slug: "a", name: "A", parent: "b" }),
        j({ kind: "category", slug: "b", name: "B", parent: "a" }),
        j({ kind: "network_b_profile", user_id: "1", username: "same" }),
        j({ kind: "network_b_profile", user_id: "2", username: "same" }),
      ]),
    ).catch((e: unknown) => e)) as ImportValidationError;
    expect(err.invalid.map((i) => i.line)).toEqual([1, 2, 4]);
    expect(err.invalid[2]!.reason).toMatch(/username 'same' is already used by user_id 1 \(line 3\)/);
  });
});

describe("sources", () => {
  it("reads files (CRLF, blank lines) and standard input, numbering physical lines", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "vm-import-test-"));
    try {
      const file = path.join(dir, "in.jsonl");
      writeFileSync(file, [FILE[0], "", j({ kind: "round", slug: "r1", name: "R1" }), "{oops"].join("\r\n") + "\r\n");
      const err = (await importJsonl(t.db, fileSource(file)).catch((e: unknown) => e)) as ImportValidationError;
      expect(err.invalid.map((i) => i.line)).toEqual([4]);
      const stdin = stdinSource(Readable.from([`${FILE[0]}\n{"kind":"round","slug":"r1",`, `"name":"R1"}\n`]));
      try {
        const report = await importJsonl(t.db, stdin);
        expect(report).toMatchObject({ lines: 2, valid: 2 });
        const again = await importJsonl(t.db, stdin);
        expect(again).toMatchObject({ lines: 2, valid: 2 });
      } finally {
        stdin.dispose();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("treats names of Object.prototype members as plain names: kinds and references invalid, keys ignored", async () => {
    const names = ["__proto__", "constructor", "toString", "hasOwnProperty"];
    const lines = [
      ...names.map((n) => `{"kind": ${JSON.stringify(n)}, "slug": "x", "name": "X"}`),
      ...names.map((n) => j({ kind: "card", slug: `c-${n.length}`, name: "C", stage: n })),
    ];
    const err = (await importJsonl(t.db, linesSource(lines)).catch((e: unknown) => e)) as ImportValidationError;
    expect(err).toBeInstanceOf(ImportValidationError);
    expect(err.invalid.map((i) => i.line)).toEqual(lines.map((_, i) => i + 1));
    for (const [i, n] of names.entries()) {
      expect(err.invalid[i]!.reason).toBe(`unknown kind ${JSON.stringify(n)}`);
      expect(err.invalid[names.length + i]!.reason).toMatch(/stage/);
    }
    expect(Object.values(await counts(t.db)).every((n) => n === 0)).toBe(true);

    // Unknown keys are ignored on import, these included; nothing reaches a prototype.
    const keyed = names.map((n, i) => `{"kind": "stage", "slug": "s${i}", "name": "S${i}", ${JSON.stringify(n)}: {"polluted": 1}}`);
    expect(await importJsonl(t.db, linesSource(keyed))).toMatchObject({ valid: 4, written: { stage: 4 } });
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(await t.db.stage.count()).toBe(4);
  });
});
