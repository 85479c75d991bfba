/** Deterministic demo dataset (DESIGN.md §9 `vmon seed --demo`). */
export { demoLines, demoRecords, demoSizes, type TDemoOptions, type TDemoSizes } from "./demo-lines";
export { seedDemo, writeDemoFile, type TSeedOptions } from "./seed";
