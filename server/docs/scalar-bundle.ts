import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Scalar's browser bundle (`@scalar/api-reference`, dist/browser/standalone.js), which renders the
 * API reference at /docs. The app serves it itself (app/docs/assets/[file]/route.ts) under a URL
 * that names the installed version, so that browsers may keep it for good: an upgrade changes the
 * URL.
 */

const PACKAGE = "@scalar/api-reference";

export interface TScalarBundle {
  version: string;
  /** The bundle's path on disk. */
  file: string;
  size: number;
  /** The name under /docs/assets/ it is served at. */
  name: string;
  url: string;
}

let cached: TScalarBundle | undefined;

/** The installed bundle, located once per process. */
export function scalarBundle(): TScalarBundle {
  if (cached) return cached;
  const root = packageRoot();
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  const file = path.join(root, "dist", "browser", "standalone.js");
  const name = `scalar-api-reference-${version}.js`;
  cached = { version, file, size: statSync(file).size, name, url: `/docs/assets/${name}` };
  return cached;
}

/**
 * The package's folder. Resolved from this module first and from the working directory second:
 * once Next has bundled this module its own location may sit outside the project's node_modules.
 */
function packageRoot(): string {
  const bases = [import.meta.url, path.join(process.cwd(), "package.json")];
  let lastError: unknown;
  for (const base of bases) {
    try {
      // The package's main module is dist/index.js.
      return path.resolve(path.dirname(createRequire(base).resolve(PACKAGE)), "..");
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`${PACKAGE} is not installed`, { cause: lastError });
}
