import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openApiDocument } from "~/server/api/rest/openapi";
import { env } from "~/server/env";

/**
 * `npm test -- openapi`: lints the OpenAPI document the service serves (built in process by the
 * function GET /v1/openapi.json uses, for this environment's BASE_URL) with Spectral
 * (.spectral.yaml: spectral:oas) and Redocly (redocly.yaml: recommended). Exits non-zero when either
 * reports an error. Both run offline: the rulesets are local, and Redocly's telemetry and update
 * check are turned off.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

const dir = mkdtempSync(path.join(tmpdir(), "vmon-openapi-"));
const file = path.join(dir, "openapi.json");
let failed = false;
try {
  writeFileSync(file, JSON.stringify(openApiDocument(env().BASE_URL), null, 2));
  const offline = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const runs: [string, string[]][] = [
    ["spectral", ["lint", "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity", "error", file]],
    ["redocly", ["lint", "--config", path.join(root, "redocly.yaml"), file]],
  ];
  for (const [tool, args] of runs) {
    process.stdout.write(`\n--- ${tool} ${args.join(" ")}\n`);
    const r = spawnSync(bin(tool), args, { cwd: root, stdio: "inherit", env: offline });
    if (r.status !== 0) {
      process.stdout.write(`--- ${tool} failed (exit ${r.status ?? r.signal})\n`);
      failed = true;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
