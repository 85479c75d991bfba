import type { TDb } from "../../db/client";
import { parseLine } from "./parse-line";
import { checkReferences } from "./references";
import { encodeRefs, REFERRING } from "./refs";
import { Registry } from "./registry";
import { readLineBatches, stripCr } from "./source";
import type { Spool } from "./spool";
import type { TImportProgress, TImportSource } from "./types";

/**
 * The validation pass: reads the source once, checks every line (JSON, kind, schema) and spools
 * each valid line under its kind (`rec:<kind>`, the line as read) and its references
 * (`ref:<kind>`); then checks every reference against the file and the database. Writes nothing
 * to the database.
 */

export interface TValidation {
  registry: Registry;
  /** non-blank lines */
  lines: number;
  /** some interaction carries an explicit id */
  interactionIds: boolean;
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
  let no = 0;
  let lines = 0;
  let interactionIds = false;
  for await (const batch of readLineBatches(source)) {
    for (const raw of batch) {
      no += 1;
      const text = stripCr(raw);
      if (text.trim() === "") continue;
      lines += 1;
      if (lines % PROGRESS_EVERY === 0) onProgress?.({ phase: "validate", done: lines });
      const parsed = parseLine(text);
      if (!parsed.ok) {
        registry.reject(no, parsed.reason, parsed.kind, parsed.key);
        continue;
      }
      const { kind, key, rec } = parsed;
      if (kind === "network_b_profile") {
        if (!claimUsername(registry, usernames, no, rec)) continue;
        spool.append("nb:usernames", `${no}\t${JSON.stringify([rec.user_id, rec.username])}`);
      }
      if (kind === "interaction" && rec.id !== null) interactionIds = true;
      registry.define(kind, key);
      spool.append(`rec:${kind}`, `${no}\t${text}`);
      if (REFERRING[kind]) spool.append(`ref:${kind}`, encodeRefs(kind, no, key, rec));
    }
  }
  spool.finish();
  const progress = () => onProgress?.({ phase: "validate", done: lines, total: lines });
  await checkReferences(registry, spool, progress);
  await checkUsernamesInDb(db, registry, spool);
  progress();
  return { registry, lines, interactionIds };
}

/** A network_b username belongs to one user_id within the file... */
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
  for await (const batch of spool.lines("nb:usernames")) {
    const items = batch.map((text) => {
      const tab = text.indexOf("\t");
      const [userId, username] = JSON.parse(text.slice(tab + 1)) as [string, string];
      return { line: Number(text.slice(0, tab)), userId, username };
    });
    const rows = await db.$queryRawUnsafe<{ user_id: string; username: string }[]>(
      `SELECT user_id, username FROM network_b_profile WHERE username = ANY($1::text[])`,
      items.map((i) => i.username),
    );
    const owners = new Map(rows.map((r) => [r.username, r.user_id]));
    for (const { line, userId, username } of items) {
      const owner = owners.get(username);
      if (owner !== undefined && owner !== userId) {
        registry.reject(line, `network_b_profile: username '${username}' belongs to user_id ${owner} in the database`);
      }
    }
  }
}
