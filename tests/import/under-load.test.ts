import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, serviceEnv, startService, type TService } from "../helpers/service";

/**
 * The import's contract on a machine loaded on purpose (a CPU burner per core, beside the
 * running service and the command): a file with an invalid line imports nothing, a valid file
 * imports whole, and no read answers 500 before, during or after either (the service on its
 * embedded database, `vmon import` joining it, as on a busy CI machine).
 */

const root = path.resolve(__dirname, "../..");
const embedded = !process.env.DATABASE_URL;
const BURNERS = 2;

let service: TService;
let dir: string;
let env: NodeJS.ProcessEnv;
let token: string;
const burners: ChildProcess[] = [];

beforeAll(async () => {
  if (!embedded) return;
  dir = mkdtempSync(path.join(tmpdir(), "vmon-load-"));
  env = serviceEnv(dir, await freePort(), { EMBEDDINGS_PROVIDER: "off" });
  service = startService(env);
  await service.waitForLog("Venture Monitor is running");
  const out = await vmon(["tokens", "create", "--email", "load-import@example.test", "--plan", "unlimited", "--json"]);
  token = (JSON.parse(out.stdout) as { token: string }).token;
  for (let i = 0; i < BURNERS; i++) burners.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
}, 120_000);

afterAll(() => {
  for (const b of burners) b.kill("SIGKILL");
  if (service && service.child.exitCode === null) service.child.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function vmon(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(process.execPath, ["bin/vmon.js", ...args], {
    cwd: root,
    env: { ...env, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 240_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
  );
}

const get = async (p: string) => {
  const r = await fetch(`${service.url}/v1${p}`, { headers: { Authorization: `Token ${token}` } });
  return r.status;
};

const card = (slug: string, n: number) =>
  JSON.stringify({ kind: "card", slug, name: `Load ${n}`, description: `Loaded card ${n}`, stage: "load-seed" });

describe.skipIf(!embedded)("imports on a loaded machine", () => {
  it("import nothing of a file with an invalid line, all of a valid one, and never answer a read with 500", async () => {
    const statuses: number[] = [];
    let reading = true;
    const reads = (async () => {
      while (reading) {
        for (const p of ["/cards/load-card-1/", "/cards/?stages=load-seed&limit=5", "/cards/?search=loaded&limit=5"])
          statuses.push(await get(p));
      }
    })();
    try {
      for (let round = 0; round < 2; round++) {
        const file = path.join(dir, `bad-${round}.jsonl`);
        const lines = [JSON.stringify({ kind: "stage", slug: "load-seed", name: "Load seed", position: 1 })];
        for (let i = 1; i <= 200; i++) lines.push(card(`load-card-${i}`, i));
        lines.push(JSON.stringify({ kind: "card", slug: "load-bad", name: "Bad", stage: "no-such-stage" }));
        writeFileSync(file, `${lines.join("\n")}\n`);
        const bad = await vmon(["import", file]);
        expect(bad.code, bad.stderr).toBe(1);
        expect(bad.stderr).toContain("nothing was imported");
        expect(await get("/cards/load-card-1/")).toBe(404);
      }
      const good = path.join(dir, "good.jsonl");
      const lines = [JSON.stringify({ kind: "stage", slug: "load-seed", name: "Load seed", position: 1 })];
      for (let i = 1; i <= 200; i++) lines.push(card(`load-card-${i}`, i));
      writeFileSync(good, `${lines.join("\n")}\n`);
      const ok = await vmon(["import", good]);
      expect(ok.code, ok.stderr).toBe(0);
      expect(await get("/cards/load-card-1/")).toBe(200);
      expect(await get("/cards/load-card-200/")).toBe(200);
    } finally {
      reading = false;
      await reads;
    }
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  }, 300_000);
});
