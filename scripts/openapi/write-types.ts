import { writeFileSync } from "node:fs";
import { SCHEMA_FILE, schemaTypes } from "./types";

/** `npm run openapi:types`: regenerates the committed API types from the current document. */
writeFileSync(SCHEMA_FILE, await schemaTypes());
process.stdout.write(`wrote ${SCHEMA_FILE}\n`);
