import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTeam } from "~/server/domain/teams/teams";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards, type TFixture } from "../cards/fixture";

/**
 * The team's activity log of what happens on cards (server/domain/teams/activity.ts): a comment
 * posted (who, which card, an excerpt; its deletion takes the words out) and a card added to or
 * removed from a folder shared with the team (who, which card, which folder), never a private
 * folder's; another team's log never holds them.
 */

let t: TTestDb;
let fx: TFixture;
type TUser = Awaited<ReturnType<typeof user>>;
let owner: TUser, member: TUser, rival: TUser;

async function user() {
  const a = await createAccount(t.db, {});
  return { ...a, ui: await browserCaller(t.db, a.account.id) };
}

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  [owner, member, rival] = [await user(), await user(), await user()];
  const team = await createTeam(t.db, owner.account.id, "Activity Fund");
  await addMember(t.db, team.id, member.account.id);
  await createTeam(t.db, rival.account.id, "Rival Fund");
});
afterAll(async () => {
  await t?.close();
});

const card = (slug: string) => fx.cards[slug]!;
/** The team's log as its owner reads it, newest first, only the kinds about cards. */
const cardLog = async (who: TUser) =>
  (await who.ui.team.workspace.activity()).filter((a) => ["commented", "card_added", "card_removed"].includes(a.kind));

describe("team activity on cards", () => {
  it("a comment posted: who, which card, an excerpt of its words; its deletion keeps the entry without them", async () => {
    const words = `Strong team,\n\n  met them twice. ${"Revenue is early but growing fast. ".repeat(6)}`;
    const posted = await member.ui.team.comments.add({ cardId: card("alpha-dex"), text: words });
    const rivals = await rival.ui.team.comments.add({ cardId: card("alpha-dex"), text: "Pass for us." });

    const [entry, ...rest] = await cardLog(owner);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      kind: "commented",
      actor: { id: member.account.id },
      detail: { card_id: card("alpha-dex"), card_slug: "alpha-dex", card_name: "Alpha DEX", comment_id: posted.comment.id },
    });
    const excerpt = entry!.detail.excerpt as string;
    expect(excerpt.startsWith("Strong team, met them twice. Revenue is early")).toBe(true);
    expect(excerpt).toHaveLength(140);
    expect(excerpt.endsWith("…")).toBe(true);

    // The rival team's log holds its own comment only.
    expect((await cardLog(rival)).map((a) => [a.kind, a.detail.comment_id])).toEqual([["commented", rivals.comment.id]]);

    await member.ui.team.comments.delete({ id: posted.comment.id });
    const [after] = await cardLog(owner);
    expect(after).toMatchObject({ id: entry!.id, kind: "commented", detail: { card_slug: "alpha-dex", comment_deleted: true } });
    expect(after!.detail).not.toHaveProperty("excerpt");
    expect((await cardLog(rival))[0]!.detail).toMatchObject({ excerpt: "Pass for us." });
  });

  it("cards added to and removed from a shared folder: who, which card, which folder; a private folder's are not logged", async () => {
    const before = (await cardLog(owner)).length;
    const f = await member.ui.user.folders.create({ name: "Seed pipeline" });
    await member.ui.user.folders.addCard({ id: f.id, cardId: card("gamma-ai") });
    expect(await cardLog(owner)).toHaveLength(before);

    await member.ui.user.folders.share({ id: f.id, visibility: "team" });
    await member.ui.user.folders.addCards({ id: f.id, cardIds: [card("alpha-dex"), card("beta-lending"), card("gamma-ai")] });
    // Already there: nothing moved, nothing logged.
    await member.ui.user.folders.addCard({ id: f.id, cardId: card("alpha-dex") });
    await owner.ui.user.folders.removeCard({ id: f.id, cardId: card("beta-lending") });
    await owner.ui.user.folders.removeCard({ id: f.id, cardId: card("beta-lending") });

    const log = (await cardLog(owner)).slice(0, -before || undefined);
    expect(log.map((a) => [a.kind, a.actor?.id, a.detail.card_slug, a.detail.folder_id, a.detail.folder_name])).toEqual([
      ["card_removed", owner.account.id, "beta-lending", f.id, "Seed pipeline"],
      ["card_added", member.account.id, "beta-lending", f.id, "Seed pipeline"],
      ["card_added", member.account.id, "alpha-dex", f.id, "Seed pipeline"],
    ]);
    expect(log[0]!.detail).toMatchObject({ card_id: card("beta-lending"), card_name: "Beta Lending" });

    // Another team neither changes the folder nor reads of it.
    expect(await failure(rival.ui.user.folders.addCard({ id: f.id, cardId: card("beta-lending") }))).toBe("not_found");
    expect((await cardLog(rival)).filter((a) => a.kind !== "commented")).toEqual([]);
    expect(await failure(member.ui.team.workspace.activity())).toBe("permission_denied");

    // Made private again: its contents are its creator's own business.
    await member.ui.user.folders.share({ id: f.id, visibility: "private" });
    const count = (await cardLog(owner)).length;
    await member.ui.user.folders.addCard({ id: f.id, cardId: card("beta-lending") });
    expect(await cardLog(owner)).toHaveLength(count);
  });
});
