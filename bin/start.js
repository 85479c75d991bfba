#!/usr/bin/env node
// `npm start`: builds the web app when the build is missing or older than the sources, then runs
// the service (server/main.ts). `--dev` runs Next in development mode instead.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dev = process.argv.includes("--dev");

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "generated" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    // A folder's own time changes when a file in it is added, renamed or deleted: a deleted page is a change too.
    newest = Math.max(newest, statSync(full).mtimeMs, entry.isDirectory() ? newestMtime(full) : 0);
  }
  return newest;
}

function buildIsStale() {
  const marker = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  const sources = ["app", "server", "public"].map((d) => newestMtime(path.join(root, d)));
  const files = ["next.config.js", "proxy.ts", "package-lock.json"].map((f) =>
    existsSync(path.join(root, f)) ? statSync(path.join(root, f)).mtimeMs : 0,
  );
  return Math.max(...sources, ...files) > built;
}

if (!dev && buildIsStale()) {
  process.stderr.write("Building the web app (first start or sources changed)…\n");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

process.env.NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
register();
const { main } = await import("../server/main.ts");
await main({ dev, root });
