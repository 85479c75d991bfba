import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { TKind } from "./types";

/**
 * Temporary per-kind files of validated records (`<line>\t<json>` per line), so that the write
 * phase can read the records kind by kind, in dependency order, without holding them in memory.
 */

export interface TSpooled {
  line: number;
  rec: Record<string, unknown>;
}

const FLUSH_AT = 1 << 20;

export class Spool {
  private readonly dir = mkdtempSync(path.join(tmpdir(), "vmon-import-"));
  private readonly files = new Map<TKind, { fd: number; buf: string[]; size: number; count: number }>();
  private readonly onExit = () => this.dispose();

  constructor() {
    process.once("exit", this.onExit);
  }

  write(kind: TKind, line: number, rec: Record<string, unknown>): void {
    let f = this.files.get(kind);
    if (!f) {
      f = { fd: openSync(this.fileOf(kind), "w"), buf: [], size: 0, count: 0 };
      this.files.set(kind, f);
    }
    const text = `${line}\t${JSON.stringify(rec)}\n`;
    f.buf.push(text);
    f.size += text.length;
    f.count += 1;
    if (f.size >= FLUSH_AT) this.flush(f);
  }

  private flush(f: { fd: number; buf: string[]; size: number }): void {
    if (f.buf.length) writeSync(f.fd, f.buf.join(""));
    f.buf = [];
    f.size = 0;
  }

  /** Flushes and closes every file; call once, after the last write. */
  finish(): void {
    for (const f of this.files.values()) {
      if (f.fd < 0) continue;
      this.flush(f);
      closeSync(f.fd);
      f.fd = -1;
    }
  }

  count(kind: TKind): number {
    return this.files.get(kind)?.count ?? 0;
  }

  async *read(kind: TKind): AsyncGenerator<TSpooled> {
    if (!this.files.has(kind)) return;
    const stream = createReadStream(this.fileOf(kind), { encoding: "utf8", highWaterMark: 1 << 20 });
    const rl = createInterface({ input: stream, crlfDelay: Infinity });
    try {
      for await (const text of rl) {
        const tab = text.indexOf("\t");
        yield { line: Number(text.slice(0, tab)), rec: JSON.parse(text.slice(tab + 1)) as Record<string, unknown> };
      }
    } finally {
      rl.close();
      stream.destroy();
    }
  }

  /** Reads a kind in chunks of `size` records. */
  async *chunks(kind: TKind, size: number): AsyncGenerator<TSpooled[]> {
    let chunk: TSpooled[] = [];
    for await (const item of this.read(kind)) {
      chunk.push(item);
      if (chunk.length >= size) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length) yield chunk;
  }

  dispose(): void {
    process.removeListener("exit", this.onExit);
    for (const f of this.files.values()) if (f.fd >= 0) closeSync(f.fd);
    this.files.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private fileOf(kind: TKind): string {
    return path.join(this.dir, `${kind}.jsonl`);
  }
}
