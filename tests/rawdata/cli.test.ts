import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runCli } from "~/server/cli/main";
import { db } from "~/server/db/client";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { insertProfiles } from "./fixtures";

/**
 * `vmon collections create|update|assign|list`, run in process through the real command line
 * entry (argument parsing, --json, messages, exit codes) on the test database.
 */

let t: TTestDb;

async function vmon(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const out = vi.spyOn(process.stdout, "write").mockImplementation((c) => ((stdout += String(c)), true));
  const err = vi.spyOn(process.stderr, "write").mockImplementation((c) => ((stderr += String(c)), true));
  try {
    const code = await runCli(argv);
    return { code, stdout, stderr, json: () => JSON.parse(stdout) };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

beforeAll(async () => {
  t = await openTestDb();
  await insertProfiles(t.db, [
    { id: 1, name: "Anna", location: "Paris, France", classification: "strong_potential_founder", tags: ["yc"] },
    { id: 2, name: "Ben", location: "Berlin, Germany", classification: "noise" },
    { id: 3, name: "Cleo", location: "Austin, United States", classification: "potential_founder", summary: "robotics" },
  ]);
  await createAccount(t.db, { email: "client@example.test", grant: ["network_a_profiles"] });
});
afterAll(async () => {
  await t?.close();
});

describe("vmon collections", () => {
  it("creates a collection and prints it (--json)", async () => {
    const r = await vmon(
      "collections",
      "create",
      "--slug",
      "eu_founders",
      "--name",
      "European founders",
      "--description",
      "In Europe",
      "--countries",
      "France, Germany",
      "--classification",
      "strong_potential_founder,potential_founder",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual({
      slug: "eu_founders",
      name: "European founders",
      description: "In Europe",
      visibility: "shared",
      active: true,
      criteria: { classification: ["strong_potential_founder", "potential_founder"], countries: ["france", "germany"] },
      members: 1,
      accounts: [],
    });
  });

  it("refuses a duplicate slug, bad criteria and bad flags with clear errors and exit codes", async () => {
    const dup = await vmon("collections", "create", "--slug", "eu_founders", "--name", "Again");
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("already exists");
    const bad = await vmon("collections", "create", "--slug", "x", "--name", "X", "--classification", "founders", "--json");
    expect(bad.code).toBe(1);
    expect(bad.json()).toMatchObject({ error: "validation_error", message: expect.stringContaining("criteria.classification") });
    const slug = await vmon("collections", "create", "--slug", "no spaces", "--name", "X");
    expect(slug.code).toBe(1);
    expect(slug.stderr).toContain("slug");
    const missing = await vmon("collections", "create", "--slug", "x");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--name is required");
    const visibility = await vmon("collections", "create", "--slug", "x", "--name", "X", "--visibility", "secret");
    expect(visibility.code).toBe(2);
    const unknown = await vmon("collections", "create", "--slug", "x", "--name", "X", "--bogus", "1");
    expect(unknown.code).toBe(2);
  });

  it("updates criteria (an empty value removes one), name and activity", async () => {
    const r = await vmon(
      "collections",
      "update",
      "eu_founders",
      "--classification",
      "",
      "--tags",
      "yc,techstars",
      "--name",
      "EU",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ name: "EU", criteria: { countries: ["france", "germany"], tags: ["yc", "techstars"] }, members: 1 });
    expect(r.json().criteria).not.toHaveProperty("classification");
    const off = await vmon("collections", "update", "eu_founders", "--inactive", "--json");
    expect(off.json().active).toBe(false);
    const { token } = await createAccount(await db(), { grant: ["network_a_profiles"] });
    expect((await api("GET", "/network_a/profiles/?collection=eu_founders", { token })).status).toBe(400);
    const on = await vmon("collections", "update", "eu_founders", "--active", "--json");
    expect(on.json().active).toBe(true);
    expect((await api("GET", "/network_a/profiles/?collection=eu_founders", { token })).body.data.map((p: { id: number }) => p.id)).toEqual(
      [1],
    );
  });

  it("reports unknown slugs and empty updates", async () => {
    const unknown = await vmon("collections", "update", "nope", "--name", "X");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("not found");
    const nothing = await vmon("collections", "update", "eu_founders");
    expect(nothing.code).toBe(2);
    const both = await vmon("collections", "update", "eu_founders", "--active", "--inactive");
    expect(both.code).toBe(2);
  });

  it("assigns a private collection to an account and takes it back", async () => {
    const created = await vmon(
      "collections",
      "create",
      "--slug",
      "robots",
      "--name",
      "Robots",
      "--visibility",
      "private",
      "--search",
      "robotics",
    );
    expect(created.code, created.stderr).toBe(0);
    const { token } = await createAccount(await db(), { email: "client2@example.test", grant: ["network_a_profiles"] });
    const visible = async () => (await api("GET", "/network_a/collections/", { token })).body.data.map((c: { slug: string }) => c.slug);
    expect(await visible()).toEqual(["eu_founders"]);
    const assigned = await vmon("collections", "assign", "robots", "--email", "Client2@example.test,client@example.test", "--json");
    expect(assigned.code, assigned.stderr).toBe(0);
    expect(assigned.json()).toMatchObject({ slug: "robots", accounts: ["client2@example.test", "client@example.test"], members: 1 });
    expect(await visible()).toEqual(["eu_founders", "robots"]);
    const unassigned = await vmon("collections", "assign", "robots", "--email", "client2@example.test", "--unassign", "--json");
    expect(unassigned.json().accounts).toEqual(["client@example.test"]);
    expect(await visible()).toEqual(["eu_founders"]);
    const nobody = await vmon("collections", "assign", "robots", "--email", "ghost@example.test");
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("ghost@example.test");
    expect((await vmon("collections", "assign", "robots")).code).toBe(2);
  });

  it("lists every collection, as text or JSON", async () => {
    const json = await vmon("collections", "list", "--json");
    expect(json.code).toBe(0);
    expect(json.json().map((c: { slug: string }) => c.slug)).toEqual(["eu_founders", "robots"]);
    const text = await vmon("collections", "list");
    expect(text.stdout).toContain("robots  Robots  [private]");
    expect(text.stdout).toContain('criteria: {"search":"robotics"}');
  });
});
