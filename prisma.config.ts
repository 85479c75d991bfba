import { existsSync } from "node:fs";
import { defineConfig } from "prisma/config";

// Prisma's CLI tries to download a native schema engine before every command; none can be
// fetched here and `prisma generate` never runs it, so point it at any existing file.
// Migrations are applied by server/db/migrate.ts and authored by prisma/tools/migration.ts.
if (!process.env.PRISMA_SCHEMA_ENGINE_BINARY || !existsSync(process.env.PRISMA_SCHEMA_ENGINE_BINARY)) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
