import type { TDb } from "~/server/db/client";
import { parseLine } from "./parse-line";
import { checkReferences } from "./reference-check";
import { encodeRefs, REFERRING } from "./ref-lines";
import { bucketOf, inPart, partsFor } from "./partition";
import { Registry } from "./registry";
import { readLineBatches, stripCr } from "./source";
import type { Spool } from "./spool";
import type { TImportProgress, TImportSource } from "./types";

/**
 * The validation pass: reads the source once, checks every line (JSON, kind, schema) and spools
 * each valid line under its kind (`rec:<kind>`: line number, bucket of its key (of its card's, for an
 * interaction), the line as read),
 * its references (`ref:<kind>`) and its key (`key:<kind>`); then checks every reference against
 * the file and the database. Writes nothing to the database. Memory holds no key of the file
 * beyond one partition's (partition.ts), only the invalid lines.
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
  keysInMemory?: number,
): Promise<TValidation> {
  const registry = new Registry(db, spool, keysInMemory);
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
        registry.reject(no, parsed.reason);
        if (parsed.kind) registry.define(parsed.kind, parsed.key ?? null, no);
        continue;
      }
      const { kind, key, rec } = parsed;
      if (kind === "network_b_profile") spool.append("nb:usernames", `${no}\t${JSON.stringify([rec.user_id, rec.username])}`);
      if (kind === "interaction" && rec.id !== null) interactionIds = true;
      registry.define(kind, key, no);
      // An interaction is written with its card (write-units.ts): its bucket is its card's.
      const bucketKey = kind === "interaction" ? String(rec.card) : key;
      spool.append(`rec:${kind}`, `${no}\t${bucketKey === null ? 0 : bucketOf(bucketKey)}\t${text}`);
      if (REFERRING[kind]) spool.append(`ref:${kind}`, encodeRefs(kind, no, key, rec));
    }
  }
  spool.finish();
  const progress = () => onProgress?.({ phase: "validate", done: lines, total: lines });
  await checkReferences(registry, spool, progress);
  await checkUsernamesInFile(registry, spool);
  await checkUsernamesInDb(db, registry, spool);
  progress();
  return { registry, lines, interactionIds };
}

/** One username line of the spool: `<line>\t["<user_id>","<username>"]`. */
function usernameEntry(text: string): { line: number; userId: string; username: string } {
  const tab = text.indexOf("\t");
  const [userId, username] = JSON.parse(text.slice(tab + 1)) as [string, string];
  return { line: Number(text.slice(0, tab)), userId, username };
}

/**
 * A network_b username belongs to one user_id within the file (a later line that gives it to
 * another user_id is invalid)... Checked in partitions of usernames, so memory stays bounded.
 */
async function checkUsernamesInFile(registry: Registry, spool: Spool): Promise<void> {
  const parts = partsFor(spool.count("nb:usernames"), registry.cap);
  for (let part = 0; part < parts; part++) {
    const owners = new Map<string, { userId: string; line: number }>();
    for await (const batch of spool.lines("nb:usernames")) {
      for (const { line, userId, username } of batch.map(usernameEntry)) {
        if (!inPart(username, { part, parts })) continue;
        const owner = owners.get(username);
        if (owner && owner.userId !== userId) {
          registry.reject(
            line,
            `network_b_profile: username '${username}' is already used by user_id ${owner.userId} (line ${owner.line})`,
          );
          continue;
        }
        owners.set(username, { userId, line });
      }
    }
  }
}

/** ... and to no other user_id of the database. */
async function checkUsernamesInDb(db: TDb, registry: Registry, spool: Spool): Promise<void> {
  for await (const batch of spool.lines("nb:usernames")) {
    const items = batch.map(usernameEntry).filter((i) => !registry.invalid.has(i.line));
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
