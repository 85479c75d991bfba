import type { TDb } from "~/server/db/client";
import { applySettings, ensureAccount } from "~/server/domain/accounts/accounts";
import { createApiToken } from "~/server/domain/accounts/api-tokens";
import { addMember, createTeam } from "~/server/domain/teams/teams";

/**
 * The team case of bench:cards: a team of `members` accounts, each with `folders` folders (every
 * other one shared with the team), and a solo account with as many folders of its own, in no team.
 * Each folder holds `perFolder` cards spread over the whole card table (a fixed stride, so that a
 * page of any list meets folders). The first member is the measured one: it sees its own folders
 * and the team's shared ones, (members - 1) x folders / 2 more than the solo account. Made once per
 * database (the team's name marks it); the tokens are new on each run.
 */

const TEAM_NAME = "Bench cards team";

export interface TBenchTeam {
  solo: { token: string; accountId: number };
  member: { token: string; accountId: number };
  /** Folders the member sees, and the solo account's. */
  visible: { member: number; solo: number };
  folderCards: number;
}

const emailOf = (i: number) => `bench-team-${i}@venture-monitor.local`;
const SOLO = "bench-solo@venture-monitor.local";

/** Gives the account `n` folders named `<prefix> <k>`, shared with its team for odd k when `share`. */
async function makeFolders(db: TDb, accountId: number, teamId: number | null, n: number, prefix: string) {
  await db.$executeRaw`
    INSERT INTO folder (account_id, name, visibility, team_id, updated_at)
    SELECT ${accountId}, ${prefix} || ' ' || k,
           CASE WHEN ${teamId}::int IS NOT NULL AND k % 2 = 1 THEN 'team' ELSE 'private' END,
           CASE WHEN k % 2 = 1 THEN ${teamId}::int END, now()
      FROM generate_series(1, ${n}) AS k`;
}

/** Puts `perFolder` cards in each folder of the accounts, spread over the card table by a stride. */
async function fillFolders(db: TDb, accountIds: number[], perFolder: number) {
  await db.$executeRaw`
    WITH c AS (SELECT id, (row_number() OVER (ORDER BY id)) - 1 AS rn FROM card),
         n AS (SELECT count(*)::bigint AS n FROM card),
         f AS (SELECT id FROM folder WHERE account_id = ANY(${accountIds}::int[]))
    INSERT INTO folder_card (folder_id, card_id)
    SELECT f.id, c.id FROM f CROSS JOIN generate_series(0, ${perFolder} - 1) AS g CROSS JOIN n
      JOIN c ON c.rn = (f.id::bigint * 7919 + g * 104729) % n.n
    ON CONFLICT DO NOTHING`;
}

async function account(db: TDb, email: string) {
  const a = await ensureAccount(db, email, {});
  await applySettings(db, a.id, { plan: "unlimited" });
  return a.id;
}

/** Makes the team and the solo account (once) and answers fresh tokens for the measured two. */
export async function benchTeam(db: TDb, opts: { members: number; folders: number; perFolder: number }): Promise<TBenchTeam> {
  const existing = await db.group.findFirst({ where: { name: TEAM_NAME } });
  const ids: number[] = [];
  for (let i = 0; i < opts.members; i++) ids.push(await account(db, emailOf(i)));
  const soloId = await account(db, SOLO);
  if (!existing) {
    process.stderr.write(`making the bench team: ${opts.members} members x ${opts.folders} folders x ${opts.perFolder} cards…\n`);
    const team = await createTeam(db, ids[0]!, TEAM_NAME);
    for (const id of ids.slice(1)) await addMember(db, team.id, id);
    for (const [i, id] of ids.entries()) await makeFolders(db, id, team.id, opts.folders, `Member ${i} folder`);
    await makeFolders(db, soloId, null, opts.folders, "Solo folder");
    await fillFolders(db, [...ids, soloId], opts.perFolder);
    await db.$executeRawUnsafe("VACUUM ANALYZE folder, folder_card, account");
  }
  const [visible] = await db.$queryRaw<{ member: number; solo: number; folder_cards: number }[]>`
    SELECT (SELECT count(*)::int FROM folder f
             WHERE (f.visibility = 'private' AND f.account_id = ${ids[0]!})
                OR (f.visibility = 'team' AND f.team_id = (SELECT group_id FROM account WHERE id = ${ids[0]!}))) AS member,
           (SELECT count(*)::int FROM folder WHERE account_id = ${soloId}) AS solo,
           (SELECT count(*)::int FROM folder_card fc JOIN folder f ON f.id = fc.folder_id
             WHERE f.account_id = ANY(${[...ids, soloId]}::int[])) AS folder_cards`;
  return {
    solo: { accountId: soloId, token: (await createApiToken(db, soloId)).raw },
    member: { accountId: ids[0]!, token: (await createApiToken(db, ids[0]!)).raw },
    visible: { member: visible!.member, solo: visible!.solo },
    folderCards: visible!.folder_cards,
  };
}
