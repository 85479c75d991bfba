import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startEmbeddedHost } from "~/server/db/embedded";
import { openTestDb, type TTestDb } from "../helpers/db";

/**
 * The command line as a user runs it: a child process on a database of its own (a temporary
 * embedded DATA_DIR, or the test's throwaway database on the server when DATABASE_URL is set).
 */
// Every command is a process that starts Node, compiles TypeScript and opens the database.
vi.setConfig({ testTimeout: 180_000 });

let dataDir: string;
let t: TTestDb | undefined;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vmon-cli-"));
  if (process.env.DATABASE_URL) {
    t = await openTestDb();
    env = { ...process.env, DATABASE_URL: t.url, VMON_DATABASE_URL: undefined, DATA_DIR: dataDir };
  } else {
    env = { ...process.env, DATABASE_URL: undefined, VMON_DATABASE_URL: undefined, DATA_DIR: dataDir };
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

describe("vmon", () => {
  it("migrates, then reports the database up to date", () => {
    const first = vmon("migrate", "--json");
    expect(first.code, first.stderr).toBe(0);
    const second = JSON.parse(vmon("migrate", "--json").stdout);
    expect(second.applied).toEqual([]);
  });

  it("creates users and refuses duplicates with exit 1", () => {
    const ok = vmon("users", "create", "--email", "Ana@Example.test", "--password", "correct horse", "--json");
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ email: "ana@example.test", plan: "free", staff: false });
    const dup = vmon("users", "create", "--email", "ana@example.test");
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain("already exists");
  });

  it("sets a password from --password or standard input; unknown e-mails and short passwords exit 1", () => {
    const set = spawnSync(
      process.execPath,
      ["bin/vmon.js", "users", "set-password", "--email", "ana@example.test", "--password-stdin", "--json"],
      {
        env,
        encoding: "utf8",
        input: "a new password from stdin\n",
        timeout: 170_000,
      },
    );
    expect(set.status, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ email: "ana@example.test", sessions_ended: true });
    const unknown = vmon("users", "set-password", "--email", "nobody@example.test", "--password", "long enough");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account");
    const short = vmon("users", "set-password", "--email", "ana@example.test", "--password", "short");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("at least 8");
    const neither = vmon("users", "set-password", "--email", "ana@example.test");
    expect(neither.code).toBe(2);
  });

  it("creates, lists and revokes tokens; prints the raw token once", () => {
    const created = vmon(
      "tokens",
      "create",
      "--email",
      "ops@example.test",
      "--plan",
      "paid",
      "--limit",
      "50",
      "--grant",
      "network_a_profiles",
      "--expires-at",
      "2030-01-01T00:00:00Z",
      "--json",
    );
    expect(created.code, created.stderr).toBe(0);
    const out = JSON.parse(created.stdout);
    expect(out.token).toMatch(/^vm_[A-Za-z0-9_-]{43}$/);
    expect(out.account).toMatchObject({
      email: "ops@example.test",
      plan: "paid",
      limit: 50,
      scope: "full",
      permissions: ["network_a_profiles"],
    });
    expect(out.expires_at).toBe("2030-01-01T00:00:00.000Z");

    const listed = vmon("tokens", "list", "--email", "ops@example.test", "--json");
    expect(listed.stdout).not.toContain(out.token);
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ email: "ops@example.test", status: "active" })]);

    expect(vmon("tokens", "revoke", out.token).code).toBe(0);
    const after = JSON.parse(vmon("tokens", "list", "--email", "ops@example.test", "--json").stdout);
    expect(after[0].status).toBe("revoked");
    const unknown = vmon("tokens", "revoke", "vm_nope");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No such token");
  });

  it.each([
    [["tokens", "create", "--email", "x@example.test", "--plan", "gold"], "--plan must be one of"],
    [["tokens", "create", "--email", "x@example.test", "--limit", "2.5"], "--limit must be a whole number"],
    [["tokens", "create", "--email", "x@example.test", "--expires-at", "soon"], "--expires-at must be"],
    [["tokens", "create"], "--email is required"],
    [["tokens", "create", "--email", "x@example.test", "--bogus"], "Unknown option"],
    [["tokens", "create", "--email", "x@example.test", "--collections", "nope"], "unknown collection"],
  ])("rejects bad input %j with a clear message", (args, message) => {
    const r = vmon(...args);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(message);
  });

  it("rejects an invalid e-mail without a stack trace", () => {
    const r = vmon("users", "create", "--email", "not-an-email");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("e-mail");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("answers unknown commands with usage and exit 2", () => {
    const r = vmon("frobnicate");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command");
  });

  it("imports nothing from a file with bad lines and names each one", () => {
    const file = path.join(dataDir, "bad.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify({ kind: "stage", slug: "seed", name: "Seed", position: 1 }),
        "{not json",
        JSON.stringify({ kind: "wizard", slug: "x" }),
        JSON.stringify({ kind: "card", slug: "c1", name: "C1", stage: "missing-stage" }),
      ].join("\n"),
    );
    const r = vmon("import", file);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/line 2:/);
    expect(r.stderr).toMatch(/line 3:/);
    expect(r.stderr).toMatch(/line 4:.*missing-stage/);
    expect(r.stderr).toContain("nothing was imported");
    const missing = vmon("import", path.join(dataDir, "absent.jsonl"));
    expect(missing.code).toBe(1);
  });
  // The service holds the embedded database (here: this test process) and its port asks for the
  // password in DATA_DIR; a command joins it with that password.
  it.skipIf(!!process.env.DATABASE_URL)("works against a running service's embedded database", async () => {
    const host = await startEmbeddedHost(path.join(dataDir, "pglite"), { role: "server" });
    try {
      // Asynchronously: this process serves the database the command connects to.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ["bin/vmon.js", "users", "create", "--email", "joined@example.test", "--password", "correct horse", "--json"],
        { env, encoding: "utf8", timeout: 170_000 },
      );
      expect(JSON.parse(stdout)).toMatchObject({ email: "joined@example.test" });
      const rows = await new pg.Client({ connectionString: host.url });
      await rows.connect();
      const r = await rows.query("SELECT count(*)::int AS n FROM account WHERE email = 'joined@example.test'");
      await rows.end();
      expect(r.rows[0].n).toBe(1);
    } finally {
      await host.stop();
    }
  });
});
