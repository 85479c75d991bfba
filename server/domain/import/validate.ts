import type { TDb } from "../../db/client";
import { parseLine } from "./parse-line";
import { checkReferences } from "./references";
import { Registry } from "./registry";
import { readLines } from "./source";
import type { Spool } from "./spool";
import type { TImportProgress, TImportSource } from "./types";

/**
 * The validation pass: reads the source once, checks every line (JSON, kind, schema), spools the
 * valid records per kind, then checks every reference against the file and the database. Writes
 * nothing to the database.
 */

export interface TValidation {
  registry: Registry;
  /** non-blank lines */
  lines: number;
}

const PROGRESS_EVERY = 10_000;

export async function validateSource(
  db: TDb,
  source: TImportSource,
  spool: Spool,
  onProgress?: (p: TImportProgress) => void,
): Promise<TValidation> {
  const registry = new Registry(db);
  const usernames = new Map<string, { userId: string; line: number }>();
  let lines = 0;
  for await (const { no, text } of readLines(source)) {
    if (text.trim() === "") continue;
    lines += 1;
    const parsed = parseLine(text);
    if (!parsed.ok) {
      registry.reject(no, parsed.reason, parsed.kind, parsed.key);
    } else if (parsed.kind === "network_b_profile" && !claimUsername(registry, usernames, no, parsed.rec)) {
      /* rejected */
    } else {
      registry.define(parsed.kind, parsed.key);
      spool.write(parsed.kind, no, parsed.rec);
    }
    if (lines % PROGRESS_EVERY === 0) onProgress?.({ phase: "validate", done: lines });
  }
  spool.finish();
  await checkReferences(registry, spool, () => onProgress?.({ phase: "validate", done: lines, total: lines }));
  await checkUsernamesInDb(db, registry, spool);
  onProgress?.({ phase: "validate", done: lines, total: lines });
  return { registry, lines };
}

/** A network_b username belongs to one user_id within the file. */
function claimUsername(
  registry: Registry,
  usernames: Map<string, { userId: string; line: number }>,
  line: number,
  rec: Record<string, unknown>,
): boolean {
  const username = String(rec.username);
  const userId = String(rec.user_id);
  const owner = usernames.get(username);
  if (owner && owner.userId !== userId) {
    registry.reject(line, `network_b_profile: username '${username}' is already used by user_id ${owner.userId} (line ${owner.line})`);
    return false;
  }
  usernames.set(username, { userId, line });
  return true;
}

/** ... and to no other user_id of the database. */
async function checkUsernamesInDb(db: TDb, registry: Registry, spool: Spool): Promise<void> {
  for await (const chunk of spool.chunks("network_b_profile", 5000)) {
    const names = chunk.map((c) => String(c.rec.username));
    const rows = await db.$queryRawUnsafe<{ user_id: string; username: string }[]>(
      `SELECT user_id, username FROM network_b_profile WHERE username = ANY($1::text[])`,
      names,
    );
    const owners = new Map(rows.map((r) => [r.username, r.user_id]));
    for (const { line, rec } of chunk) {
      const owner = owners.get(String(rec.username));
      if (owner !== undefined && owner !== String(rec.user_id)) {
        registry.reject(line, `network_b_profile: username '${String(rec.username)}' belongs to user_id ${owner} in the database`);
      }
    }
  }
}
