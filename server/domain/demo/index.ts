/** Deterministic demo dataset (docs/cli.md `vmon seed --demo`). */
export { demoLines, demoRecords, demoSizes, type TDemoOptions, type TDemoSizes } from "./demo-lines";
export { seedDemo, writeDemoFile, type TSeedOptions } from "./seed";
