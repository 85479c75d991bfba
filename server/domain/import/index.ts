/** JSON Lines import (docs/import-format.md): public surface. */
export { importJsonl } from "./import-jsonl";
export { fileSource, stdinSource } from "./source";
export { countryOf } from "./write-raw";
export { ImportInterruptedError, ImportValidationError, type TImportProgress, type TImportReport, type TImportSource } from "./types";
