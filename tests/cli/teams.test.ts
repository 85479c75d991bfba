import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDb, type TTestDb } from "../helpers/db";

/** vmon teams create|add|remove|list|invite, as an operator runs them (a child process per command). */
// A dozen `vmon` processes, each starting a runtime and joining the database: slow on a busy machine.
vi.setConfig({ testTimeout: 360_000 });

let dataDir: string;
let t: TTestDb | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vmon-teams-"));
  if (process.env.DATABASE_URL) {
    t = await openTestDb();
    env = { ...process.env, DATABASE_URL: t.url, VMON_DATABASE_URL: undefined, DATA_DIR: dataDir, BASE_URL: "https://vm.example" };
  } else {
    env = { ...process.env, DATABASE_URL: undefined, VMON_DATABASE_URL: undefined, DATA_DIR: dataDir, BASE_URL: "https://vm.example" };
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function vmon(...args: string[]) {
  const r = spawnSync(process.execPath, ["bin/vmon.js", ...args], { env, encoding: "utf8", timeout: 170_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
const json = (...args: string[]) => {
  const r = vmon(...args, "--json");
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe("vmon teams", () => {
  it("creates a team, adds and removes members, lists teams and prints an invitation link", () => {
    expect(vmon("migrate").code).toBe(0);
    for (const e of ["owner@fund.test", "ana@fund.test"]) expect(vmon("users", "create", "--email", e).code).toBe(0);

    const created = json("teams", "create", "--name", "CLI Fund", "--owner", "owner@fund.test");
    expect(created.team).toEqual({ id: expect.any(Number), name: "CLI Fund" });
    expect(created.members).toEqual([expect.objectContaining({ email: "owner@fund.test", role: "owner" })]);
    const id = String(created.team.id);

    const added = json("teams", "add", "--team", id, "--email", "ANA@fund.test", "--role", "admin");
    expect(added.members.map((m: any) => [m.email, m.role])).toEqual([
      ["owner@fund.test", "owner"],
      ["ana@fund.test", "admin"],
    ]);
    expect(json("teams", "list").teams).toEqual([expect.objectContaining({ id: created.team.id, name: "CLI Fund", members_count: 2 })]);

    const invite = json("teams", "invite", "--team", id, "--email", "new@fund.test");
    expect(invite.team).toEqual(created.team);
    expect(invite.invitation).toMatchObject({ email: "new@fund.test", url: expect.stringMatching(/^https:\/\/vm\.example\/join\/vmj_/) });
    const text = vmon("teams", "invite", "--team", id);
    expect(text.stdout.split("\n")[0]).toMatch(/^https:\/\/vm\.example\/join\/vmj_/);

    const removed = json("teams", "remove", "--team", id, "--email", "ana@fund.test");
    expect(removed).toMatchObject({ team: created.team, removed: { email: "ana@fund.test" } });
    const last = vmon("teams", "remove", "--team", id, "--email", "owner@fund.test");
    expect(last.code).toBe(1);
    expect(last.stderr).toContain("last owner");
    const bad = vmon("teams", "add", "--team", id, "--email", "nobody@fund.test");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("No account");
    expect(vmon("teams", "add", "--email", "ana@fund.test").stderr).toContain("--team is required");
  });

  it("lets two teams have one name, refuses control characters in a name, and --group NAME only when one team has it", () => {
    for (const e of ["twin@fund.test", "eve@fund.test"]) expect(vmon("users", "create", "--email", e).code).toBe(0);
    const first = json("teams", "list").teams.find((team: { name: string }) => team.name === "CLI Fund");
    const twin = json("teams", "create", "--name", "CLI Fund", "--owner", "twin@fund.test");
    expect(twin.team).toEqual({ id: expect.any(Number), name: "CLI Fund" });
    expect(twin.team.id).not.toBe(first.id);

    const crlf = vmon("teams", "create", "--name", "Evil\r\nFund", "--owner", "eve@fund.test");
    expect(crlf.code).toBe(1);
    expect(crlf.stderr).toContain("control characters");
    expect(json("teams", "list").teams.map((team: { name: string }) => team.name)).not.toContain("Evil\r\nFund");

    const shared = vmon("tokens", "create", "--email", "grouped@fund.test", "--group", "CLI Fund");
    expect(shared.code).toBe(1);
    expect(shared.stderr).toContain(`several teams are named 'CLI Fund' (ids ${first.id}, ${twin.team.id})`);
    expect(vmon("tokens", "create", "--email", "grouped@fund.test", "--group", "Partners").code).toBe(0);
  });
});
