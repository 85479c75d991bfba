/**
 * Public types of the JSON Lines import (docs/import-format.md).
 */

/** Where the lines come from. `open()` may be called more than once. */
export interface TImportSource {
  /**
   * A readable stream of text (split on newlines), or an async iterable of lines (a string that
   * contains newlines is split as well; a trailing newline is ignored).
   */
  open(): NodeJS.ReadableStream | AsyncIterable<string>;
}

export interface TImportProgress {
  phase: "validate" | "write" | "index" | "derive";
  done: number;
  total?: number;
}

export interface TImportOptions {
  /** Import the valid lines and report the invalid ones instead of importing nothing. */
  skipInvalid?: boolean;
  onProgress?: (p: TImportProgress) => void;
  /** Records of a kind that make a load into its empty tables a bulk load (default BULK_MIN_ROWS). */
  bulkMinRows?: number;
  /**
   * Keys (slugs, ids) held in memory at once by a pass of the validation, and cards by a pass of
   * the card writes (defaults KEY_CAP and AGGREGATE_CAP): more keys than this take more passes.
   */
  keysInMemory?: number;
  /**
   * Cards and interactions per unit, and the largest file imported in one transaction (default
   * UNIT_RECORDS, server/domain/import/write-units.ts).
   */
  unitRecords?: number;
}

export interface TInvalidLine {
  /** 1-based line number in the source */
  line: number;
  reason: string;
}

export interface TImportReport {
  /** non-blank lines read (valid + invalid) */
  lines: number;
  valid: number;
  invalid: TInvalidLine[];
  /** records applied per kind (inserted, updated or already identical) */
  written: Record<string, number>;
  /** true when invalid lines were left out (skipInvalid set and some line invalid) */
  skippedInvalid: boolean;
}

/** Thrown when a line is invalid and `skipInvalid` is not set; nothing has been written. */
export class ImportValidationError extends Error {
  readonly invalid: TInvalidLine[];
  readonly report: TImportReport;

  constructor(report: TImportReport) {
    const first = report.invalid
      .slice(0, 5)
      .map((i) => `line ${i.line}: ${i.reason}`)
      .join("; ");
    const more = report.invalid.length > 5 ? ` (and ${report.invalid.length - 5} more)` : "";
    super(`${report.invalid.length} invalid line(s), nothing imported. ${first}${more}`);
    this.name = "ImportValidationError";
    this.invalid = report.invalid;
    this.report = report;
  }
}

/**
 * Thrown when an import stopped while writing (its database went away, or a statement failed):
 * `kept` says what it committed (write-units.ts: whole units only), and importing the same file
 * again completes it.
 */
export class ImportInterruptedError extends Error {
  constructor(
    readonly kept: string,
    cause: unknown,
  ) {
    super(`${cause instanceof Error ? cause.message : String(cause)}; ${kept}`, { cause });
    this.name = "ImportInterruptedError";
  }
}

/** Every kind, in the order in which they are written (referenced kinds first). */
export const KINDS = [
  "stage",
  "round",
  "source_type",
  "participant_type",
  "category",
  "location",
  "profile",
  "participant",
  "card",
  "interaction",
  "collection",
  "network_b_profile",
] as const;

export type TKind = (typeof KINDS)[number];

/** Kinds that other records refer to, and the key they are referred to by. */
export type TRefKind =
  "stage" | "round" | "source_type" | "participant_type" | "category" | "location" | "profile" | "participant" | "card";
