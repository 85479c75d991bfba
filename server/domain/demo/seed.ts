import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TDb } from "~/server/db/client";
import { fileSource, importJsonl, type TImportProgress, type TImportReport } from "../import";
import { demoRecords } from "./demo-lines";

/**
 * Loads the demo dataset through the regular import path: the lines are written to a temporary
 * file first (constant memory), then imported from it.
 */

export interface TSeedOptions {
  scale?: number;
  now?: Date;
  onProgress?: (p: TImportProgress) => void;
}

const FLUSH_AT = 1 << 20;

/** Writes the demo lines to `file`; returns the number of lines. */
function writeDemoFile(file: string, opts: { scale: number; now?: Date }): number {
  const fd = openSync(file, "w");
  let buf: string[] = [];
  let size = 0;
  let lines = 0;
  try {
    for (const rec of demoRecords(opts)) {
      const text = `${JSON.stringify(rec)}\n`;
      buf.push(text);
      size += text.length;
      lines += 1;
      if (size >= FLUSH_AT) {
        writeSync(fd, buf.join(""));
        buf = [];
        size = 0;
      }
    }
    if (buf.length) writeSync(fd, buf.join(""));
  } finally {
    closeSync(fd);
  }
  return lines;
}

export async function seedDemo(db: TDb, opts: TSeedOptions = {}): Promise<TImportReport> {
  const dir = mkdtempSync(path.join(tmpdir(), "vmon-demo-"));
  try {
    const file = path.join(dir, "demo.jsonl");
    writeDemoFile(file, { scale: opts.scale ?? 1, now: opts.now });
    return await importJsonl(db, fileSource(file), { onProgress: opts.onProgress });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
