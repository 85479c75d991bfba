#!/usr/bin/env node
// `npm test`: the whole suite, on the embedded database by default or on the PostgreSQL server named
// by DATABASE_URL. Steps: migration drift check, type check, OpenAPI lint, unit and integration tests (vitest),
// then browser and black-box REST tests (Playwright) against a started server on a fresh database.
// Each step's output streams through; the first failing step stops the run with its exit code.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const only = process.argv.slice(2); // e.g. `npm test -- unit`

/** Runs one step; returns its exit code (0: passed). */
function run(name, cmd, args, env = {}) {
  process.stdout.write(`\n=== ${name}: ${[path.basename(cmd), ...args].join(" ")}\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const took = `${Math.round((Date.now() - started) / 1000)} s`;
  if (r.status !== 0) process.stdout.write(`\n=== ${name} failed (exit ${r.status ?? r.signal}, ${took})\n`);
  else process.stdout.write(`=== ${name} passed (${took})\n`);
  return r.status ?? 1;
}

function step(name, cmd, args, env = {}) {
  if (only.length && !only.includes(name)) return;
  const status = run(name, cmd, args, env);
  if (status !== 0) process.exit(status || 1);
}

/** A fresh database for the started server: a temporary DATA_DIR, or a new database on the server. */
async function e2eDatabase() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vmon-e2e-"));
  const base = process.env.DATABASE_URL;
  if (!base) return { env: { DATA_DIR: dataDir, DEMO_SEED: "auto" }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `vm_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), DEMO_SEED: "1" },
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

process.stdout.write(`Database under test: ${process.env.DATABASE_URL ? "PostgreSQL server (DATABASE_URL)" : "embedded PGlite"}\n`);
step("drift", bin("tsx"), ["prisma/tools/migration.ts", "--check"]);
step("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"]);
// Style and structure: ESLint with no warning allowed, Prettier's layout, the import layers
// (dependency-cruiser and the folder-cycle check of scripts/layers/check.ts), unused code (knip).
step("lint", bin("eslint"), [".", "--max-warnings", "0"]);
step("format", bin("prettier"), ["--check", "--log-level", "warn", "."]);
step("layers", bin("tsx"), ["scripts/layers/check.ts"]);
// Nothing unused: files, exports, types and dependencies (knip.json says what knip cannot see).
step("unused", bin("knip"), ["--no-progress"]);
// The served OpenAPI document, linted by Spectral and Redocly (scripts/openapi/lint.ts).
step("openapi", bin("tsx"), ["scripts/openapi/lint.ts"], { LOG_LEVEL: "error" });
// Named after the database, so that a run on each database can go at the same time (.ci/run).
const database = process.env.DATABASE_URL ? "postgresql" : "embedded";
const reports = path.join(root, ".test-reports"); // not test-results/: Playwright empties that folder
const vitestReport = path.join(reports, `vitest-${database}.json`);
const e2eReport = path.join(reports, `e2e-${database}.json`);
rmSync(vitestReport, { force: true });
rmSync(e2eReport, { force: true });
step("unit", bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`]);
if (!only.length || only.includes("e2e")) {
  const db = await e2eDatabase();
  try {
    step("e2e", bin("playwright"), ["test"], {
      ...db.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      E2E_OUTPUT_DIR: path.join(root, "test-results", database),
    });
  } finally {
    await db.drop();
  }
}
/**
 * The scaled-out deployment on this machine (scripts/cluster-up.sh: a primary and a streaming
 * replica of its own, PgBouncer, two web instances, one worker): the REST end-to-end specs against
 * each instance, then tests/cluster (jobs once, exact quotas, reads after writes, replica failover).
 * PostgreSQL only: the embedded database has no replicas.
 */
function clusterSteps() {
  if (only.length && !only.includes("cluster")) return;
  if (!process.env.DATABASE_URL) {
    process.stdout.write("\n=== cluster: skipped (needs the PostgreSQL server's binaries: runs with DATABASE_URL set)\n");
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "vmon-cluster-"));
  rmSync(dir, { recursive: true, force: true }); // the script creates it, owned as it needs
  const script = path.join(root, "scripts", "cluster-up.sh");
  const scriptEnv = { CLUSTER_DIR: dir };
  let status = run("cluster: up", "bash", [script, "up"], scriptEnv);
  try {
    if (status !== 0) return;
    const vars = Object.fromEntries(
      readFileSync(path.join(dir, "cluster.env"), "utf8")
        .split("\n")
        .filter((l) => l.includes("="))
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    const webUrls = vars.VMON_CLUSTER_WEB_URLS.split(",");
    // The command line the specs run reaches the cluster's database as its web instances do.
    const cli = {
      DATABASE_URL: vars.VMON_CLUSTER_BOUNCER_URL,
      DATABASE_DIRECT_URL: vars.VMON_CLUSTER_PRIMARY_URL,
      PREPARED_STATEMENTS: "0",
      LOG_LEVEL: "warn",
    };
    webUrls.forEach((url, i) => {
      if (status !== 0) return;
      status = run(`cluster: REST e2e against ${url}`, bin("playwright"), ["test", "e2e/foundation.spec.ts", "e2e/isolation.spec.ts"], {
        ...cli,
        E2E_BASE_URL: url,
        DATA_DIR: path.join(dir, `web${i + 1}`),
      });
    });
    if (status === 0) status = run("cluster: tests/cluster", bin("vitest"), ["run", "tests/cluster"], { ...vars, ...scriptEnv });
  } finally {
    run("cluster: down", "bash", [script, "down"], scriptEnv);
  }
  if (status !== 0) process.exit(status);
}

clusterSteps();

/** The counts of both runners, as one plain line: "tests: N passed, N failed". */
function summary() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const v = JSON.parse(readFileSync(vitestReport, "utf8"));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (existsSync(e2eReport)) {
    const e = JSON.parse(readFileSync(e2eReport, "utf8")).stats;
    passed += e.expected + e.flaky;
    failed += e.unexpected;
  }
  return `tests: ${passed} passed, ${failed} failed`;
}

let counts = "";
try {
  counts = `${summary()}\n`;
} catch (err) {
  process.stdout.write(`(could not read the test reports: ${err.message})\n`);
}
process.stdout.write(`\nAll test steps passed.\n${counts}`);
