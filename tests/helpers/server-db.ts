import pg from "pg";

/** One statement on the PostgreSQL server at `baseUrl` (CREATE / DROP DATABASE), on a client of its own. */
export async function onServer(baseUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** `baseUrl` pointed at the database `name` on the same server. */
export function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
