/** Deterministic demo dataset (docs/cli.md `vmon seed --demo`). */
export { demoLines, demoRecords } from "./demo-lines";
export { seedDemo } from "./seed";
