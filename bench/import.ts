/**
 * npm run bench:import — import throughput of `vmon seed --demo --scale N` (default 500, about a
 * million cards) into a fresh PostgreSQL database and into a fresh embedded database, with the
 * peak memory (VmHWM) of the importing process. Override: BENCH_SCALE, BENCH_TARGETS=pg,embedded.
 * BENCH_KEEP=1 imports into `vm_bench_s<scale>` (which must not exist yet) and keeps it, analysed,
 * for bench:cards and bench:semantic, which reuse that database instead of seeding their own.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { BENCH_PG, ensureDatabase } from "./lib/bench-db";
import { printTable } from "./lib/report";

const scale = Number(process.env.BENCH_SCALE ?? 500);
const targets = (process.env.BENCH_TARGETS ?? "pg,embedded").split(",");
const keep = process.env.BENCH_KEEP === "1";

function peakRssMb(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function runSeed(env: Record<string, string | undefined>) {
  const started = Date.now();
  const child = spawn(process.execPath, ["bin/vmon.js", "seed", "--demo", "--scale", String(scale), "--json"], {
    env: { ...process.env, ...env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRssMb(child.pid!))), 200);
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  const code: number = await new Promise((r) => child.once("exit", (c) => r(c ?? 1)));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`seed failed with exit ${code}`);
  const report = JSON.parse(out) as { lines: number; valid: number };
  const seconds = (Date.now() - started) / 1000;
  return { records: report.valid, seconds, recordsPerSecond: Math.round(report.valid / seconds), peakRssMb: Math.round(peak) };
}

const rows: Record<string, unknown>[] = [];
if (targets.includes("pg")) {
  const name = keep ? `vm_bench_s${scale}` : `vm_bench_import_${process.pid}`;
  const { url, created } = await ensureDatabase(name);
  if (!created) throw new Error(`${name} exists already: drop it first, or run without BENCH_KEEP`);
  let kept = false;
  try {
    rows.push({ target: "postgresql", scale, ...(await runSeed({ DATABASE_URL: url })) });
    if (keep) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query("ANALYZE");
      await client.end();
      kept = true;
    }
  } finally {
    if (!kept) {
      const admin = new pg.Client({ connectionString: BENCH_PG });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  }
}
if (targets.includes("embedded")) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vmon-bench-import-"));
  try {
    rows.push({ target: "embedded (PGlite)", scale, ...(await runSeed({ DATABASE_URL: "", DATA_DIR: dataDir })) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
printTable(`Import throughput: vmon seed --demo --scale ${scale}`, rows);
