/**
 * `npm test`'s layering step: runs dependency-cruiser with .dependency-cruiser.cjs (layer order, no
 * module cycles) and adds the check it lacks, no import cycles between folders: for every import
 * from one folder into a sibling folder (the two subtrees below their deepest common folder), the
 * sibling folders must form no cycle. Findings listed in .dependency-cruiser-known-violations.json
 * are the known debt; any other finding fails, and so does a listed one that no longer occurs (the
 * list only shrinks).
 *
 *   npx tsx scripts/layers/check.ts            check
 *   npx tsx scripts/layers/check.ts --write    rewrite the known list from today's findings
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { folderCycles, type TEdge } from "./folder-cycles";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const KNOWN = path.join(root, ".dependency-cruiser-known-violations.json");
const SCOPE = ["app", "server", "bin", "prisma", "scripts"];

interface TCruise {
  modules: {
    source: string;
    dependencies: { resolved: string; coreModule: boolean; couldNotResolve: boolean; dependencyTypes: string[] }[];
  }[];
  summary: { violations: { from: string; to: string; rule: { name: string }; cycle?: { name: string }[] }[] };
}

function cruise(): TCruise {
  const bin = path.join(root, "node_modules", ".bin", "depcruise");
  const r = spawnSync(bin, [...SCOPE, "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0 && !r.stdout) throw new Error(`dependency-cruiser failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as TCruise;
}

function findings(result: TCruise): string[] {
  const out = new Set<string>();
  for (const v of result.summary.violations) {
    out.add(
      v.rule.name === "no-circular" && v.cycle
        ? `no-circular: ${[v.from, ...v.cycle.map((c) => c.name)].join(" -> ")}`
        : `${v.rule.name}: ${v.from} -> ${v.to}`,
    );
  }
  const edges: TEdge[] = [];
  for (const m of result.modules) {
    for (const d of m.dependencies) {
      if (d.coreModule || d.couldNotResolve || d.resolved.startsWith("node_modules/")) continue;
      edges.push({ from: m.source, to: d.resolved });
    }
  }
  for (const cycle of folderCycles(edges)) out.add(`folder-cycle: ${cycle.join(" <-> ")}`);
  return [...out].sort();
}

const found = findings(cruise());
if (process.argv.includes("--write")) {
  writeFileSync(KNOWN, `${JSON.stringify(found, null, 2)}\n`);
  process.stdout.write(`${found.length} known findings written to ${path.relative(root, KNOWN)}\n`);
  process.exit(0);
}
const known = new Set(JSON.parse(readFileSync(KNOWN, "utf8")) as string[]);
const added = found.filter((f) => !known.has(f));
const gone = [...known].filter((f) => !found.includes(f));
for (const f of added) process.stdout.write(`new: ${f}\n`);
for (const f of gone) process.stdout.write(`fixed, remove it from the known list: ${f}\n`);
process.stdout.write(`layers: ${found.length} findings, ${known.size} known, ${added.length} new, ${gone.length} fixed\n`);
process.exit(added.length || gone.length ? 1 : 0);
