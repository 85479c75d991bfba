import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // `~/` is the repository's root, as in tsconfig.json.
  resolve: { alias: { "~": fileURLToPath(new URL(".", import.meta.url)) } },
  test: {
    include: ["tests/**/*.test.ts", "server/**/*.test.ts"],
    pool: "forks",
    // Two files at a time even on two cores (vitest's default there is one): on this project's
    // two-core machines the embedded run finishes markedly sooner that way.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Cheap password hashes for the many accounts tests create (tests/setup/fast-passwords.ts).
    setupFiles: ["tests/setup/fast-passwords.ts"],
    // One migrated database that each file's openTestDb() copies (tests/setup/template-db.ts).
    globalSetup: ["tests/setup/template-db.ts"],
    hookTimeout: 120_000,
    // Vite exports BASE_URL="/" to tests; the service reads BASE_URL as its public address.
    env: { LOG_LEVEL: "error", DEMO_SEED: "0", BASE_URL: "http://localhost:3000" },
  },
});
