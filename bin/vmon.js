#!/usr/bin/env node
// The `vmon` command line (server/cli). TypeScript is loaded through tsx.
import { register } from "tsx/esm/api";

register();
const { runCli } = await import("../server/cli/main.ts");
const code = await runCli(process.argv.slice(2));
process.exit(code);
