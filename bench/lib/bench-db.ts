import pg from "pg";
import { createPrisma } from "~/server/db/client";
import { migrate } from "~/server/db/migrate";
import { applySettings, ensureAccount, type TAccountSettings } from "~/server/domain/accounts/accounts";
import { createApiToken } from "~/server/domain/accounts/api-tokens";
import { seedDemo } from "~/server/domain/demo/seed";

/** The PostgreSQL server benchmarks run against (never the embedded database unless asked). */
export const BENCH_PG = process.env.BENCH_PG ?? "postgresql://postgres@127.0.0.1:5432/test";

function urlFor(name: string): string {
  const url = new URL(BENCH_PG);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function ensureDatabase(name: string): Promise<{ url: string; created: boolean }> {
  const admin = new pg.Client({ connectionString: BENCH_PG });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
    return { url: urlFor(name), created: exists.rowCount === 0 };
  } finally {
    await admin.end();
  }
}

/**
 * `vm_bench_s<scale>`: migrated and seeded with the demo dataset at that scale the first time,
 * reused afterwards (seeding a million cards takes a while).
 */
export async function benchDatabase({ scale }: { scale: number }): Promise<{ url: string }> {
  const { url } = await ensureDatabase(`vm_bench_s${scale}`);
  await migrate(url);
  const db = createPrisma(url, 4);
  try {
    if ((await db.card.count({ take: 1 })) === 0) {
      process.stderr.write(`seeding vm_bench_s${scale} (demo dataset at scale ${scale})…\n`);
      const started = Date.now();
      let last = 0;
      await seedDemo(db, {
        scale,
        onProgress: (p) => {
          if (Date.now() - last > 5000) {
            last = Date.now();
            process.stderr.write(`  ${p.phase}: ${p.done}${p.total ? ` / ${p.total}` : ""}\n`);
          }
        },
      });
      process.stderr.write(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      // VACUUM as well: it sets the visibility map, without which no count is an index-only scan
      // (the local server runs with autovacuum off, so nothing else would).
      await db.$executeRawUnsafe("VACUUM ANALYZE");
    }
  } finally {
    await db.$disconnect();
  }
  return { url };
}

/** An API token of a staff account (unlimited: not counted) named `email` in the database at `url`, with `settings` too. */
export async function staffToken(url: string, email: string, settings: TAccountSettings = {}): Promise<string> {
  const db = createPrisma(url, 1);
  try {
    const account = await ensureAccount(db, email, {});
    await applySettings(db, account.id, { ...settings, staff: true });
    return (await createApiToken(db, account.id)).raw;
  } finally {
    await db.$disconnect();
  }
}
