import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cardTeamPanel } from "~/server/domain/teams/card-panel";
import { addMember, createTeam, removeMember } from "~/server/domain/teams/teams";
import { likeCard } from "~/server/domain/userdata/likes";
import { addCardToFolder, createFolder, setFolderVisibility } from "~/server/domain/userdata/folders";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards, type TFixture } from "../cards/fixture";

/**
 * The card page's team panel (team.cardPanel, cardTeamPanel): the team's shared folders holding the
 * card (not a teammate's private folder, not another team's shared one) and the teammates who liked
 * it (not the caller, not another team's members, not a stranger); a removed member's like leaves
 * the panel at once, the folder they shared stays with the team; an account in no team gets null.
 */

let t: TTestDb;
let fx: TFixture;
let owner: number, admin: number, member: number, rival: number, stranger: number;
let teamId: number;
let card: number, other: number;
const ids = { shared: 0, private: 0, rivalShared: 0, sharedElsewhere: 0, memberShared: 0 };

const names = (p: Awaited<ReturnType<typeof cardTeamPanel>>) => ({
  folders: p!.folders.map((f) => f.name),
  liked_by: p!.liked_by.map((a) => a.id).sort((a, b) => a - b), // the panel orders them by name or e-mail
});

async function folder(accountId: number, name: string, cardId: number, share: boolean) {
  const f = await createFolder(t.db, accountId, name);
  await addCardToFolder(t.db, accountId, f.id, cardId);
  if (share) await setFolderVisibility(t.db, accountId, f.id, "team");
  return f.id;
}

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  const accounts = await Promise.all([1, 2, 3, 4, 5].map(async () => (await createAccount(t.db)).account.id));
  [owner, admin, member, rival, stranger] = accounts as [number, number, number, number, number];
  teamId = (await createTeam(t.db, owner, "Panel Fund")).id;
  await addMember(t.db, teamId, admin, "admin");
  await addMember(t.db, teamId, member);
  await createTeam(t.db, rival, "Rival Panel Fund");
  card = fx.cards["alpha-dex"]!;
  other = fx.cards["beta-lending"]!;

  ids.shared = await folder(owner, "B shared pipeline", card, true);
  ids.memberShared = await folder(member, "A member's shared list", card, true);
  ids.private = await folder(admin, "Admin private", card, false);
  ids.rivalShared = await folder(rival, "Rival shared", card, true);
  ids.sharedElsewhere = await folder(owner, "Shared, other card", other, true);
  for (const a of [owner, admin, member, rival, stranger]) await likeCard(t.db, a, card);
  await likeCard(t.db, admin, other);
});
afterAll(async () => {
  await t?.close();
});

describe("card team panel", () => {
  it("the team's shared folders holding the card and the teammates who liked it, nothing of another team or a stranger", async () => {
    const p = await cardTeamPanel(t.db, owner, card);
    expect(p).toMatchObject({ team: { id: teamId, name: "Panel Fund" }, role: "owner", me: owner });
    expect(names(p)).toEqual({ folders: ["A member's shared list", "B shared pipeline"], liked_by: [admin, member].sort((a, b) => a - b) });
    expect(p!.folders.find((f) => f.id === ids.memberShared)!.owner.id).toBe(member);
    // The member sees the same folders and the other two teammates.
    expect(names(await cardTeamPanel(t.db, member, card))).toEqual({
      folders: ["A member's shared list", "B shared pipeline"],
      liked_by: [owner, admin].sort((a, b) => a - b),
    });
    // Another card: only what holds or likes it.
    expect(names(await cardTeamPanel(t.db, member, other))).toEqual({ folders: ["Shared, other card"], liked_by: [admin] });
    // The rival team sees its own shared folder and no one (its only member is the caller).
    const r = await cardTeamPanel(t.db, rival, card);
    expect(names(r)).toEqual({ folders: ["Rival shared"], liked_by: [] });
    expect(r!.role).toBe("owner");
  });

  it("an account in no team gets null; the tRPC query answers the same and refuses bad ids", async () => {
    expect(await cardTeamPanel(t.db, stranger, card)).toBeNull();
    const ui = await browserCaller(t.db, stranger);
    expect(await ui.team.cardPanel({ cardId: card })).toBeNull();
    const mine = await browserCaller(t.db, admin);
    expect(names(await mine.team.cardPanel({ cardId: card })).liked_by).toEqual([owner, member].sort((a, b) => a - b));
    expect(await failure(mine.team.cardPanel({ cardId: 0 }))).toBe("validation_error");
    expect(await failure(mine.team.cardPanel({ cardId: card, x: 1 } as never))).toBe("validation_error");
    // An unknown card holds nothing.
    expect(names(await mine.team.cardPanel({ cardId: 2_000_000_000 }))).toEqual({ folders: [], liked_by: [] });
  });

  it("a removed member's like vanishes at once; the folder they shared stays with the team", async () => {
    await removeMember(t.db, owner, teamId, member);
    expect(names(await cardTeamPanel(t.db, owner, card))).toEqual({
      folders: ["A member's shared list", "B shared pipeline"],
      liked_by: [admin],
    });
    expect(await cardTeamPanel(t.db, member, card)).toBeNull();
    // Made private again, a folder leaves the panel.
    await setFolderVisibility(t.db, owner, ids.shared, "private");
    expect(names(await cardTeamPanel(t.db, admin, card)).folders).toEqual(["A member's shared list"]);
  });
});
