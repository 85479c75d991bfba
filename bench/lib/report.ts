import { loadavg } from "node:os";

/**
 * Prints rows as an aligned text table (benchmarks print numbers; they never assert), under its
 * title and the machine's load averages at the time, which every figure is quoted with.
 */
export function printTable(title: string, rows: Record<string, unknown>[]): void {
  const loads = loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  process.stdout.write(`\n${title}\n  (load average 1 / 5 / 15 min: ${loads})\n`);
  if (rows.length === 0) {
    process.stdout.write("  (no rows)\n");
    return;
  }
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => (typeof v === "number" ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : String(v ?? ""));
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => `  ${vals.map((v, i) => v.padEnd(widths[i]!)).join("  ")}\n`;
  process.stdout.write(line(cols));
  process.stdout.write(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) process.stdout.write(line(cols.map((c) => cell(r[c]))));
}
