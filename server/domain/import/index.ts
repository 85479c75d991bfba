/** JSON Lines import (docs/import-format.md): public surface. */
export { importJsonl } from "./import-jsonl";
export { fileSource, stdinSource, type TDisposableSource } from "./source";
export { recomputeCardDerived, recomputeParticipantSignals } from "./derived";
export { recomputeLocationRegions } from "./write-reference";
export { countryOf } from "./write-raw";
export {
  ImportValidationError,
  KINDS,
  type TImportOptions,
  type TImportProgress,
  type TImportReport,
  type TImportSource,
  type TInvalidLine,
  type TKind,
} from "./types";
