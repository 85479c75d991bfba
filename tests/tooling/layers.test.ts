import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The import layering holds with no known exceptions: the known list of
 * .dependency-cruiser-known-violations.json is empty and the layers check (dependency-cruiser with
 * .dependency-cruiser.cjs, plus folder cycles) finds nothing. A new upward import or cycle cannot
 * be accepted by writing it into the known list.
 */

const root = path.resolve(import.meta.dirname, "../..");

describe("import layers", () => {
  it("have no known violations left", () => {
    const known = JSON.parse(readFileSync(path.join(root, ".dependency-cruiser-known-violations.json"), "utf8")) as string[];
    expect(known).toEqual([]);
  });

  it("pass the layers check: no upward import, no module cycle, no folder cycle", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", path.join(root, "scripts/layers/check.ts")], { cwd: root, encoding: "utf8" });
    expect(r.stdout).toContain("layers: 0 findings, 0 known, 0 new, 0 fixed");
    expect(r.status).toBe(0);
  }, 120_000);
});
