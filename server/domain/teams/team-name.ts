import type { TDb } from "~/server/db/client";
import { validationError } from "~/server/lib/errors";

/**
 * A team's name: what the workspace, the command line and invitation e-mails (their subject line
 * included) show. Names are not unique (two funds may both be called "Acme"; refusing a taken one
 * would tell anyone that another team has it): a team is known by its id.
 */

const MAX_TEAM_NAME = 100;

/**
 * Control characters (CR, LF, tab, NUL and the rest of C0 and C1, DEL), line and paragraph
 * separators, and the invisible marks that reorder text (bidirectional embeddings, overrides and
 * isolates): none belongs in a name, and each can break or disguise the lines a name is shown in.
 */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** The name as stored (trimmed), or a 400 naming `name`. Checked before trimming: a line break at either end is refused too. */
export function teamName(name: string): string {
  if (UNPRINTABLE.test(name)) {
    throw validationError("name", "must not contain control characters (such as line breaks or tabs) or invisible text-direction marks");
  }
  const n = name.trim();
  if (n.length === 0 || n.length > MAX_TEAM_NAME) throw validationError("name", `must be 1 to ${MAX_TEAM_NAME} characters`);
  return n;
}

/**
 * The account group `vmon tokens create --group NAME` puts an account in: the one group of that
 * name, made when there is none. Names are not unique, so a name that several groups share is a
 * 400 listing their ids (`vmon teams add --team ID` then picks one).
 */
export async function groupNamed(db: TDb, name: string): Promise<number> {
  const n = teamName(name);
  const found = await db.group.findMany({ where: { name: n }, select: { id: true }, orderBy: { id: "asc" }, take: 5 });
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1) {
    throw validationError(
      "group",
      `several teams are named '${n}' (ids ${found.map((g) => g.id).join(", ")}): add the account to one with vmon teams add --team ID`,
    );
  }
  return (await db.group.create({ data: { name: n }, select: { id: true } })).id;
}
