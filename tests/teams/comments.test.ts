import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTeam, removeMember } from "~/server/domain/teams/teams";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards, type TFixture } from "../cards/fixture";

/** A card's team thread: seen by its team only, 5,000 characters, own edits, admin deletes, @mentions. */

let t: TTestDb;
let fx: TFixture;
type TUser = Awaited<ReturnType<typeof user>>;
let owner: TUser, admin: TUser, member: TUser, rival: TUser, stranger: TUser;
let teamId: number;

async function user(email?: string) {
  const a = await createAccount(t.db, email ? { email } : {});
  return { ...a, ui: await browserCaller(t.db, a.account.id) };
}

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  const s = Date.now();
  [owner, admin, member, rival, stranger] = [
    await user(`dana.${s}@fund.test`),
    await user(`sam.${s}@fund.test`),
    await user(`kim.${s}@fund.test`),
    await user(),
    await user(),
  ];
  teamId = (await createTeam(t.db, owner.account.id, "Comment Fund")).id;
  await addMember(t.db, teamId, admin.account.id, "admin");
  await addMember(t.db, teamId, member.account.id);
  await createTeam(t.db, rival.account.id, "Rival Comments");
});
afterAll(async () => {
  await t?.close();
});

const thread = (token: string, query = "") => api("GET", `/cards/alpha-dex/comments/${query}`, { token });

describe("card comments", () => {
  it("a team's thread, newest first and paginated, mentions returned; other teams and strangers see none", async () => {
    const card = fx.cards["alpha-dex"]!;
    const first = await member.ui.team.comments.add({ cardId: card, text: "  Looks strong.  " });
    expect(first.comment).toMatchObject({ text: "Looks strong.", author: { id: member.account.id } });
    expect(first.mentioned).toEqual([]);
    const local = admin.account.email.split("@")[0]!;
    const second = await owner.ui.team.comments.add({ cardId: card, text: `@${local} and @${member.account.email.toUpperCase()}: intro?` });
    expect(second.mentioned.sort()).toEqual([admin.account.id, member.account.id].sort());
    // Mentioning oneself or a stranger notifies no one.
    expect(
      (await owner.ui.team.comments.add({ cardId: card, text: `@${owner.account.email} @${stranger.account.email}` })).mentioned,
    ).toEqual([]);

    const r = await thread(member.token, "?limit=2");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.map((c: any) => c.id)).toEqual([second.comment.id + 1, second.comment.id]);
    expect(r.body.pagination).toEqual({ limit: 2, offset: 0, total: 3, has_next: true });
    expect((await thread(member.token, "?limit=2&offset=2")).body.data.map((c: any) => c.id)).toEqual([first.comment.id]);

    for (const u of [rival, stranger]) {
      const other = await thread(u.token);
      expect(other.status).toBe(200);
      expect(other.body.data).toEqual([]);
      expect(await failure(u.ui.team.comments.edit({ id: first.comment.id, text: "x" }))).toBe("not_found");
      expect(await failure(u.ui.team.comments.delete({ id: first.comment.id }))).toBe("not_found");
    }
    expect(await failure(stranger.ui.team.comments.add({ cardId: card, text: "hello" }))).toBe("not_found");
    expect((await api("GET", "/cards/no-such-card/comments/", { token: member.token })).status).toBe(404);
  });

  it("5,000 characters at most; authors edit their own; admins delete any; members only their own", async () => {
    const card = fx.cards["beta-lending"]!;
    expect(await failure(member.ui.team.comments.add({ cardId: card, text: "x".repeat(5001) }))).toBe("validation_error");
    expect(await failure(member.ui.team.comments.add({ cardId: card, text: "   " }))).toBe("validation_error");
    const c = await member.ui.team.comments.add({ cardId: card, text: "x".repeat(5000) });
    const mine = await owner.ui.team.comments.add({ cardId: card, text: "Owner's note" });

    expect(await failure(owner.ui.team.comments.edit({ id: c.comment.id, text: "not mine" }))).toBe("permission_denied");
    const edited = await member.ui.team.comments.edit({ id: c.comment.id, text: `Shorter, cc @${admin.account.email}` });
    expect(edited.comment.text).toBe(`Shorter, cc @${admin.account.email}`);
    expect(edited.mentioned).toEqual([admin.account.id]);

    expect(await failure(member.ui.team.comments.delete({ id: mine.comment.id }))).toBe("permission_denied");
    await admin.ui.team.comments.delete({ id: mine.comment.id });
    await member.ui.team.comments.delete({ id: c.comment.id });
    expect((await api("GET", "/cards/beta-lending/comments/", { token: owner.token })).body.data).toEqual([]);
  });

  it("a mention notifies each mentioned teammate once, with a link to the comment; an edit notifies only the newly mentioned", async () => {
    const card = fx.cards["alpha-dex"]!;
    const mentions = async (u: TUser, id: number) =>
      (await u.ui.notifications.list({})).data.filter((n) => n.kind === "mention" && n.url.endsWith(`#comment-${id}`));
    const c = await owner.ui.team.comments.add({ cardId: card, text: `@${admin.account.email} first look?` });
    const [n] = await mentions(admin, c.comment.id);
    expect(n).toMatchObject({
      title: expect.stringContaining("mentioned you"),
      url: `/cards/alpha-dex#comment-${c.comment.id}`,
      read_at: null,
    });
    expect(n!.body).toContain("first look?");
    expect(await mentions(member, c.comment.id)).toEqual([]);
    // The edit mentions the admin again (no second notification) and the member for the first time.
    await owner.ui.team.comments.edit({ id: c.comment.id, text: `@${admin.account.email} @${member.account.email} first look?` });
    expect(await mentions(admin, c.comment.id)).toHaveLength(1);
    expect(await mentions(member, c.comment.id)).toHaveLength(1);
    // Nobody outside the team hears of it.
    for (const u of [rival, stranger, owner]) expect(await mentions(u, c.comment.id)).toEqual([]);
  });

  it("a removed member no longer reads the thread, from the next request", async () => {
    expect((await thread(member.token)).body.data.length).toBeGreaterThan(0);
    await removeMember(t.db, owner.account.id, teamId, member.account.id);
    expect((await thread(member.token)).body.data).toEqual([]);
  });
});
