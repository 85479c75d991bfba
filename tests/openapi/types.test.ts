import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SCHEMA_FILE, schemaTypes } from "~/scripts/openapi/types";

/** The committed API types (used by client.test.ts) are what openapi-typescript makes of the current document. */
describe("generated API types", () => {
  it("are up to date (regenerate with `npm run openapi:types`)", async () => {
    const committed = readFileSync(SCHEMA_FILE, "utf8");
    const current = await schemaTypes();
    expect(committed === current, "tests/openapi/schema.d.ts is stale: run `npm run openapi:types` and commit it").toBe(true);
  }, 120_000);
});
