import type { TDb } from "~/server/db/client";
import { setSavedFilterVisibility } from "../saved-filters/filters";
import { likeCard } from "../userdata/likes";
import { addCardsToFolder, createFolder, setFolderVisibility } from "../userdata/folders";
import { addComment } from "../teams/comments";
import { createTeam, joinTeamAs } from "../teams/teams";

/**
 * The demo account's team (DESIGN section 16): the demo account owns it, two teammates (accounts
 * without a password or token: they cannot sign in) are an admin and a member. The demo account's
 * first folder and first saved filter are shared, each teammate shares a folder of their own, and
 * the teammates like some of the cards and discuss the top ones in comments, so the shared side of
 * the workspace looks used.
 */

const TEAMMATES = [
  { email: "maya.okafor@demo-team.example", name: "Maya Okafor", role: "admin" as const },
  { email: "leo.brandt@demo-team.example", name: "Leo Brandt", role: "member" as const },
];

export interface TDemoTeam {
  teamId: number;
  members: number;
  sharedFolders: number;
  sharedFilters: number;
  comments: number;
}

export async function seedDemoTeam(db: TDb, accountId: number, cardIds: number[]): Promise<TDemoTeam> {
  const team = await createTeam(db, accountId, "Demo Ventures");
  const mates: number[] = [];
  for (const m of TEAMMATES) {
    const a = await db.account.upsert({ where: { email: m.email }, create: { email: m.email, name: m.name }, update: {} });
    await joinTeamAs(db, team.id, a.id, m.role);
    mates.push(a.id);
  }

  let sharedFolders = 0;
  const ownFolder = await db.folder.findFirst({ where: { accountId }, orderBy: { id: "asc" }, select: { id: true } });
  if (ownFolder) {
    await setFolderVisibility(db, accountId, ownFolder.id, "team");
    sharedFolders += 1;
  }
  const plans: [string, number[]][] = [
    ["Climate and energy deals", cardIds.slice(16, 22)],
    ["Partner meeting Monday", cardIds.slice(22, 26)],
  ];
  for (const [i, [name, ids]] of plans.entries()) {
    const mate = mates[i]!;
    const folder = await createFolder(db, mate, name);
    if (ids.length > 0) await addCardsToFolder(db, mate, folder.id, ids);
    await setFolderVisibility(db, mate, folder.id, "team");
    sharedFolders += 1;
  }

  let sharedFilters = 0;
  const filter = await db.savedFilter.findFirst({ where: { accountId }, orderBy: { id: "asc" }, select: { id: true } });
  if (filter) {
    await setSavedFilterVisibility(db, accountId, filter.id, "team");
    sharedFilters += 1;
  }

  for (const [i, mate] of mates.entries()) {
    for (const id of cardIds.slice(i * 3, i * 3 + 4)) await likeCard(db, mate, id);
  }
  const [maya, leo] = mates as [number, number];
  const thread: [number, number, string][] = [
    [0, maya, "Met the founders last week: strong technical team, still pre-revenue. Worth a second call."],
    [0, leo, "@maya.okafor agreed. I can pull the signal history before the partner meeting."],
    [0, accountId, "Adding it to the seed pipeline. @leo.brandt please share the notes here."],
    [1, leo, "Three new signals this month from funds we know. Anyone talked to them?"],
    [2, maya, "Pass for now: the market is crowded. Revisit after their next round."],
  ];
  let comments = 0;
  for (const [i, author, text] of thread) {
    const cardId = cardIds[i];
    if (cardId === undefined) continue;
    await addComment(db, author, cardId, text);
    comments += 1;
  }
  return { teamId: team.id, members: 1 + mates.length, sharedFolders, sharedFilters, comments };
}
