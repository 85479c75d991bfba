import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, statSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedHost, type TEmbeddedHost } from "~/server/db/embedded";

/**
 * The embedded database's loopback port takes only connections that give its password, a random
 * one kept in `<DATA_DIR>/pglite.password` (mode 0600); processes that join the running host read
 * it from there.
 */

let dataDir: string;
let host: TEmbeddedHost;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "vmon-auth-"));
  host = await startEmbeddedHost(path.join(dataDir, "pglite"), { role: "server" });
}, 120_000);
afterAll(async () => {
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const withPassword = (url: string, password: string | null) => {
  const u = new URL(url);
  u.password = password ?? "";
  return u.toString();
};

async function connectError(url: string): Promise<{ code?: string; message: string } | undefined> {
  const client = new pg.Client({ connectionString: url, password: () => "" });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (err) {
    return { code: (err as { code?: string }).code, message: (err as Error).message };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Speaks the wire protocol: a startup for `user`, then `next` (raw bytes) once asked for a password. */
function raw(port: number, first: Buffer, next?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    let got = Buffer.alloc(0);
    socket.on("connect", () => socket.write(first));
    socket.on("data", (d) => {
      const asked = got.length === 0 && d[0] === 0x52; // 'R': authentication request
      got = Buffer.concat([got, d]);
      if (asked && next) socket.write(next);
    });
    socket.on("close", () => resolve(got));
    socket.on("error", reject);
    socket.setTimeout(5000, () => {
      socket.destroy();
      reject(new Error(`the connection stayed open; received ${got.toString("latin1")}`));
    });
  });
}

function startup(user: string): Buffer {
  const body = Buffer.from(`user\0${user}\0database\0postgres\0\0`);
  const head = Buffer.alloc(8);
  head.writeInt32BE(8 + body.length, 0);
  head.writeInt32BE(196608, 4);
  return Buffer.concat([head, body]);
}

function query(sql: string): Buffer {
  const body = Buffer.from(`${sql}\0`);
  const head = Buffer.alloc(5);
  head.write("Q", 0);
  head.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([head, body]);
}

describe("embedded database password", () => {
  it("keeps a random password in DATA_DIR, readable by the service's user only", () => {
    const file = path.join(dataDir, "pglite.password");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const password = readFileSync(file, "utf8").trim();
    expect(password.length).toBeGreaterThanOrEqual(40);
    expect(decodeURIComponent(new URL(host.url).password)).toBe(password);
  });

  it("serves a connection with the password", async () => {
    expect(await connectError(host.url)).toBeUndefined();
  });

  it("refuses a connection with a wrong password or none (28P01)", async () => {
    expect(await connectError(withPassword(host.url, "postgres"))).toMatchObject({ code: "28P01" });
    expect(await connectError(withPassword(host.url, "x".repeat(43)))).toMatchObject({ code: "28P01" });
    expect(await connectError(withPassword(host.url, null))).toBeDefined();
  });

  it("closes a connection that sends anything but the password's answer, without running it", async () => {
    const port = Number(new URL(host.url).port);
    const beforeStartup = await raw(port, query("CREATE TABLE intruder_a (x int)"));
    expect(beforeStartup.toString("latin1")).toContain("28000");
    const insteadOfPassword = await raw(port, startup("postgres"), query("CREATE TABLE intruder_b (x int)"));
    expect(insteadOfPassword[0]).toBe(0x52);
    expect(insteadOfPassword.readInt32BE(5)).toBe(5); // AuthenticationMD5Password
    expect(insteadOfPassword.toString("latin1")).toContain("28P01");
    const client = new pg.Client({ connectionString: host.url });
    await client.connect();
    const { rows } = await client.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'intruder%'");
    await client.end();
    expect(rows[0].n).toBe(0);
  });

  it("lets another process join the running database with the password from DATA_DIR", async () => {
    const script = `
      import pg from "pg";
      import { startEmbeddedHost } from "./server/db/embedded.ts";
      const joined = await startEmbeddedHost(process.argv[1], { role: "cli" });
      const client = new pg.Client({ connectionString: joined.url });
      await client.connect();
      const { rows } = await client.query("SELECT 41 + 1 AS n");
      await client.end();
      console.log(JSON.stringify({ owned: joined.owned, n: rows[0].n }));`;
    // Asynchronously: this process serves the database the child connects to.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "--input-type=module", "-e", script, path.join(dataDir, "pglite")],
      {
        cwd: path.resolve(__dirname, "../.."),
        encoding: "utf8",
      },
    );
    expect(JSON.parse(stdout)).toEqual({ owned: false, n: 42 });
  });

  it("gives an in-memory database a password of its own", async () => {
    const memory = await startEmbeddedHost(undefined);
    try {
      expect(await connectError(memory.url)).toBeUndefined();
      expect(await connectError(withPassword(memory.url, "postgres"))).toMatchObject({ code: "28P01" });
    } finally {
      await memory.stop();
    }
  });
});
