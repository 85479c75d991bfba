import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectionConfig } from "~/server/db/client";
import { openTestDb, type TTestDb } from "../helpers/db";

/** The settings every connection of the service starts with (server/db/client.ts). */
let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.close();
});

describe("connection options", () => {
  it("adds jit=off and per-run plans before the URL's own options, keeping everything else the URL says", () => {
    const plain = connectionConfig("postgresql://u:p@db.example:5433/app?application_name=vm");
    expect(plain).toMatchObject({
      user: "u",
      password: "p",
      host: "db.example",
      port: 5433,
      database: "app",
      application_name: "vm",
      options: "-c jit=off -c plan_cache_mode=force_custom_plan",
    });
    const own = connectionConfig("postgresql://db.example/app?options=-c%20jit%3Don%20-c%20statement_timeout%3D5s");
    expect(own.options).toBe("-c jit=off -c plan_cache_mode=force_custom_plan -c jit=on -c statement_timeout=5s"); // the URL's own value wins
    // Forms the driver reads that are not WHATWG URLs: a Unix socket as `@/`, a bare '%' in a password.
    expect(connectionConfig("postgresql://u:p@/app?host=/var/run/postgresql")).toMatchObject({
      host: "/var/run/postgresql",
      database: "app",
      password: "p",
    });
    expect(connectionConfig("postgresql://u:p%ss@localhost/app")).toMatchObject({
      password: "p%ss",
      options: "-c jit=off -c plan_cache_mode=force_custom_plan",
    });
  });

  it("opens the service's connections without JIT (PostgreSQL; the embedded database has none)", async () => {
    const [row] = await t.db.$queryRaw<
      { jit: string; available: boolean }[]
    >`SELECT current_setting('jit') AS jit, pg_jit_available() AS available`;
    if (process.env.DATABASE_URL) expect(row!.jit).toBe("off");
    else expect(row!.available).toBe(false);
  });
});
