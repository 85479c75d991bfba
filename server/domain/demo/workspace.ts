import type { TDb } from "~/server/db/client";
import { addCardsToFolder, createFolder } from "../userdata/folders";
import { createSavedFilter } from "../saved-filters/filters";
import { requestIntro } from "../userdata/intro";
import { likeCard } from "../userdata/likes";
import { saveNote } from "../userdata/notes";
import { hash32 } from "./prng";
import { seedDemoTeam } from "./team";

/**
 * The demo account's lived-in workspace, on top of the demo dataset: folders with cards, likes,
 * notes, an intro request, saved filters (one with cards new since it was last marked seen), a team
 * with two teammates and shared folders and a shared filter (team.ts) and 29
 * days of request history for the usage chart. Everything goes through the userdata domain
 * functions, except the two things no user action can produce: a filter last marked seen in the
 * past, and past days' request counts. Deterministic for a given dataset; the picks are the cards
 * with the most interactions.
 */

const DAY_MS = 86_400_000;

const NOTES = [
  "Strong founding team; second-time founders. Ask about the next round's timing.",
  "Met at the demo day. Revenue growing but churn unclear: ask for cohort data.",
  "Interesting wedge into a crowded market. Watch the hiring pace over the next quarter.",
];

export interface TDemoWorkspace {
  folders: number;
  cardsInFolders: number;
  likes: number;
  notes: number;
  introRequests: number;
  savedFilters: number;
  requestDays: number;
  team: { members: number; sharedFolders: number; sharedFilters: number };
}

/** Seeds the workspace of the account with this e-mail (the demo account). */
export async function seedDemoWorkspace(db: TDb, email: string, now = new Date()): Promise<TDemoWorkspace> {
  const { id: accountId } = await db.account.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const cards = await db.card.findMany({
    orderBy: [{ interactionsCount: "desc" }, { id: "asc" }],
    take: 40,
    select: { id: true, openToIntro: true },
  });
  const ids = cards.map((c) => c.id);

  const folderPlan: [string, number[]][] = [
    ["Seed pipeline", ids.slice(0, 8)],
    ["Follow up this month", ids.slice(8, 13)],
    ["Portfolio watch", ids.slice(13, 16)],
  ];
  let cardsInFolders = 0;
  for (const [name, cardIds] of folderPlan) {
    const folder = await createFolder(db, accountId, name);
    await addCardsToFolder(db, accountId, folder.id, cardIds);
    cardsInFolders += cardIds.length;
  }

  const liked = [ids[0], ids[2], ids[5], ids[9], ids[14]].filter((id): id is number => id !== undefined);
  for (const id of liked) await likeCard(db, accountId, id);

  const noted = ids.slice(0, NOTES.length);
  for (const [i, id] of noted.entries()) await saveNote(db, accountId, id, NOTES[i]!);

  const introCard = cards.find((c) => c.openToIntro);
  if (introCard) await requestIntro(db, accountId, introCard.id, "Would love a warm intro to the founders.");

  const savedFilters = await seedSavedFilters(db, accountId);
  const { teamId: _teamId, ...team } = await seedDemoTeam(db, accountId, ids);
  const requestDays = await seedRequestHistory(db, accountId, now);
  return {
    folders: folderPlan.length,
    cardsInFolders,
    likes: liked.length,
    notes: noted.length,
    introRequests: introCard ? 1 : 0,
    savedFilters,
    requestDays,
    team,
  };
}

/**
 * Two filters on the two stages with most cards. The first was last marked seen by the account just
 * before its five newest matching cards were added, so the saved filters page shows them as new at first sight.
 */
async function seedSavedFilters(db: TDb, accountId: number): Promise<number> {
  const stages = await db.stage.findMany({ select: { id: true, slug: true, name: true, _count: { select: { cards: true } } } });
  const top = stages.sort((a, b) => b._count.cards - a._count.cards || a.id - b.id).slice(0, 2);
  for (const [i, stage] of top.entries()) {
    const filter = await createSavedFilter(db, accountId, `${stage.name} stage`, { stages: [stage.slug] });
    if (i > 0) continue;
    const newest = await db.card.findMany({
      where: { stageId: stage.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 6,
      select: { createdAt: true },
    });
    const sixth = newest[newest.length - 1];
    if (newest.length < 2 || !sixth) continue;
    const lastSeenAt = new Date(sixth.createdAt.getTime() + 1);
    await db.savedFilterMemberState.upsert({
      where: { savedFilterId_accountId: { savedFilterId: filter.id, accountId } },
      create: { savedFilterId: filter.id, accountId, lastSeenAt },
      update: { lastSeenAt },
    });
  }
  return top.length;
}

/**
 * Request counts for the 29 days before today (busier on weekdays, a few quiet days), made with the
 * account's API token: the same counts per token (the usage page's requests per token) and per
 * account, and the token's "last used" at the last of those days, so every figure agrees. An
 * account without a token gets no history (requests are only ever made with one).
 */
async function seedRequestHistory(db: TDb, accountId: number, now: Date): Promise<number> {
  const token = await db.apiToken.findFirst({ where: { accountId, revokedAt: null }, orderBy: { id: "asc" }, select: { id: true } });
  if (!token) return 0;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const data = Array.from({ length: 29 }, (_, i) => {
    const day = new Date(today - (29 - i) * DAY_MS);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const h = hash32(accountId, i);
    const count = weekend ? h % 25 : 60 + (h % 240);
    return { accountId, day, count };
  }).filter((d) => d.count > 0);
  await db.requestDay.createMany({ data, skipDuplicates: true });
  await db.tokenRequestDay.createMany({ data: data.map((d) => ({ tokenId: token.id, day: d.day, count: d.count })), skipDuplicates: true });
  const last = data.at(-1);
  // Late afternoon (UTC) of its last busy day, unless the token was used for real since.
  if (last) {
    const lastUsed = new Date(last.day.getTime() + 17 * 3_600_000);
    await db.apiToken.updateMany({
      where: { id: token.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: lastUsed } }] },
      data: { lastUsedAt: lastUsed },
    });
  }
  return data.length;
}
