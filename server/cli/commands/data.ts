import { seedDemo } from "~/server/domain/demo/seed";
import { fileSource, ImportValidationError, importJsonl, stdinSource, type TImportReport } from "~/server/domain/import";
import type { TCommand, TCommandContext } from "../command";
import { parseIntFlag, UsageError, type TIo } from "../io";

function summary(report: TImportReport): string {
  const written = Object.entries(report.written)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kind}: ${n.toLocaleString("en-US")}`)
    .join(", ");
  const skipped = report.invalid.length ? `; skipped ${report.invalid.length} invalid line(s)` : "";
  return `Imported ${report.valid.toLocaleString("en-US")} of ${report.lines.toLocaleString("en-US")} line(s) (${written || "nothing"})${skipped}.`;
}

const progress = (io: TIo) => (p: { phase: string; done: number; total?: number }) => io.progress(p.phase, p.done, p.total);

export const importCommand: TCommand = {
  name: "import",
  usage: "vmon import FILE|- [--skip-invalid]  import a JSON Lines file (see docs/import-format.md)",
  options: { "skip-invalid": { type: "boolean" } },
  async run({ io, values, positionals, database }: TCommandContext) {
    const file = positionals[0];
    if (!file) throw new UsageError("FILE is required (use - for standard input)");
    const source = file === "-" ? stdinSource() : fileSource(file);
    try {
      const report = await importJsonl(database.db, source, { skipInvalid: values["skip-invalid"] === true, onProgress: progress(io) });
      io.endProgress();
      for (const bad of report.invalid.slice(0, 50)) io.info(`line ${bad.line}: ${bad.reason}`);
      io.result(report, summary(report));
    } catch (err) {
      io.endProgress();
      if (!(err instanceof ImportValidationError)) throw err;
      if (io.json) io.result({ imported: false, invalid: err.invalid }, "");
      else {
        for (const bad of err.invalid.slice(0, 200)) process.stderr.write(`line ${bad.line}: ${bad.reason}\n`);
        if (err.invalid.length > 200) process.stderr.write(`… and ${err.invalid.length - 200} more\n`);
      }
      throw new Error(`${err.invalid.length} invalid line(s); nothing was imported (use --skip-invalid to import the valid lines).`);
    }
  },
};

export const seedCommand: TCommand = {
  name: "seed",
  usage: "vmon seed --demo [--scale N]      load the deterministic demo dataset (scale multiplies its size)",
  options: { demo: { type: "boolean" }, scale: { type: "string" } },
  async run({ io, values, database }) {
    if (values.demo !== true) throw new UsageError("only --demo is supported: vmon seed --demo [--scale N]");
    const scale = parseIntFlag(values.scale, "--scale", 1) ?? 1;
    const started = Date.now();
    const report = await seedDemo(database.db, { scale, onProgress: progress(io) });
    io.endProgress();
    const seconds = (Date.now() - started) / 1000;
    io.result({ ...report, seconds }, `${summary(report)} (${seconds.toFixed(1)} s)`);
  },
};
