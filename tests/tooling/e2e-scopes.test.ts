import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { E2E_SCOPES } from "~/e2e/scopes";

/** Every Playwright spec is in exactly one scope, so that a new spec is placed on purpose. */
describe("e2e scopes", () => {
  it("place every spec in e2e/ in exactly one scope", () => {
    const specs = readdirSync("e2e")
      .filter((f) => f.endsWith(".spec.ts"))
      .map((f) => f.slice(0, -".spec.ts".length))
      .sort();
    const placed = [...E2E_SCOPES.database, ...E2E_SCOPES.browser].sort();
    expect(placed).toEqual(specs);
    expect(new Set(placed).size).toBe(placed.length);
  });
});
