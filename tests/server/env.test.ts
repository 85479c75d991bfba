import { afterEach, describe, expect, it } from "vitest";
import { env, resetEnvCache } from "~/server/env";

/** Settings of the scaled-out deployment (docs/deployment.md), as server/env.ts reads them. */
const saved = { WORKERS: process.env.WORKERS, DATABASE_DIRECT_URL: process.env.DATABASE_DIRECT_URL };

function read(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  return env();
}

afterEach(() => read(saved));

describe("deployment settings", () => {
  it("WORKERS takes on/off words and 1/0, and refuses anything else by name", () => {
    for (const [value, expected] of [
      ["off", "0"],
      ["OFF", "0"],
      ["0", "0"],
      ["false", "0"],
      ["on", "1"],
      ["1", "1"],
      ["yes", "1"],
      [undefined, "1"],
      ["", "1"],
    ] as const) {
      expect(read({ WORKERS: value }).WORKERS, String(value)).toBe(expected);
    }
    expect(() => read({ WORKERS: "sometimes" })).toThrow(/WORKERS: must be on or off/);
  });

  it("DATABASE_DIRECT_URL is optional and empty means unset", () => {
    expect(read({ DATABASE_DIRECT_URL: "" }).DATABASE_DIRECT_URL).toBeUndefined();
    expect(read({ DATABASE_DIRECT_URL: " postgresql://db:5432/x " }).DATABASE_DIRECT_URL).toBe("postgresql://db:5432/x");
  });
});
