import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addComment, commentThread } from "~/server/domain/teams/comments";
import { addMember, createTeam } from "~/server/domain/teams/teams";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards, type TFixture } from "../cards/fixture";

/**
 * The card page's thread in pages (team.comments.thread): newest first, 20 at a time after a
 * (created_at, id) cursor, every comment once and in the REST endpoint's order, ties on created_at
 * broken by id, a deleted cursor comment no obstacle; nothing for another team or an account in
 * no team; "edited" is readable from the timestamps.
 */

let t: TTestDb;
let fx: TFixture;
let owner: { id: number; token: string }, member: number, rival: number, stranger: number;
let card: number;

type TPage = Awaited<ReturnType<typeof commentThread>>;

/** Every page of the thread as the card page reads it: ids per page. */
async function allPages(accountId: number, limit = 20): Promise<number[][]> {
  const pages: number[][] = [];
  let before: TPage["next"] = null;
  do {
    const p: TPage = await commentThread(t.db, accountId, card, { limit, before });
    pages.push(p.data.map((c) => c.id));
    before = p.next;
  } while (before && pages.length < 100);
  return pages;
}

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  const o = await createAccount(t.db);
  owner = { id: o.account.id, token: o.token };
  const accounts = await Promise.all([1, 2, 3].map(async () => (await createAccount(t.db)).account.id));
  [member, rival, stranger] = accounts as [number, number, number];
  const team = await createTeam(t.db, owner.id, "Paging Fund");
  await addMember(t.db, team.id, member);
  await createTeam(t.db, rival, "Rival Paging Fund");
  card = fx.cards["alpha-dex"]!;
  for (let i = 0; i < 45; i++) await addComment(t.db, i % 2 ? member : owner.id, card, `comment ${i}`);
  // Three written at the same instant (a tie on created_at), and one of the rival team's.
  const at = new Date(Date.now() - 3_600_000);
  for (let i = 0; i < 3; i++) {
    await t.db.cardComment.create({
      data: { teamId: team.id, cardId: card, authorId: member, text: `tie ${i}`, createdAt: at, updatedAt: at },
    });
  }
  await addComment(t.db, rival, card, "the rival's");
});
afterAll(async () => {
  await t?.close();
});

describe("comment pages", () => {
  it("newest first, 20 a page, every comment once, in the order of GET /v1/cards/{slug}/comments/", async () => {
    const pages = await allPages(member);
    expect(pages.map((p) => p.length)).toEqual([20, 20, 8]);
    const rest = await api("GET", "/cards/alpha-dex/comments/?limit=100", { token: owner.token });
    expect(rest.body.pagination.total).toBe(48);
    expect(pages.flat()).toEqual(rest.body.data.map((c: { id: number }) => c.id));
    // The three tied ones are the oldest, by id descending, whatever the page size.
    expect((await allPages(member, 1)).flat()).toEqual(pages.flat());
    expect((await allPages(member, 46)).map((p) => p.length)).toEqual([46, 2]);
    const first = await commentThread(t.db, owner.id, card, { limit: 20 });
    expect(first.data[0]).toMatchObject({ text: "comment 44", author: { id: owner.id } });
    expect(first.next).toEqual({ id: first.data[19]!.id, at: first.data[19]!.created_at });
  });

  it("a page continues after its cursor even when the cursor's comment was deleted meanwhile", async () => {
    const first = await commentThread(t.db, member, card, { limit: 20 });
    const expected = await commentThread(t.db, member, card, { limit: 20, before: first.next });
    await t.db.cardComment.delete({ where: { id: first.next!.id } });
    const after = await commentThread(t.db, member, card, { limit: 20, before: first.next });
    expect(after.data.map((c) => c.id)).toEqual(expected.data.map((c) => c.id));
  });

  it("another team and an account in no team read nothing; the tRPC query validates its input", async () => {
    const rivalPage = await commentThread(t.db, rival, card, { limit: 20 });
    expect(rivalPage.data.map((c) => c.text)).toEqual(["the rival's"]);
    expect(rivalPage.next).toBeNull();
    // A cursor naming the other team's comment is placed by its own `at` only: that comment's time tells nothing.
    const mine = await commentThread(t.db, member, card, { limit: 20 });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const probe = await commentThread(t.db, rival, card, { limit: 20, before: { id: mine.data[0]!.id, at: later } });
    expect(probe.data.map((c) => c.text)).toEqual(["the rival's"]);
    expect(await commentThread(t.db, stranger, card, { limit: 20 })).toEqual({ data: [], next: null });

    const ui = await browserCaller(t.db, member);
    const page = await ui.team.comments.thread({ cardId: card, limit: 5 });
    expect(page.data).toHaveLength(5);
    // The browser's infinite query also sends `direction`.
    const next = await ui.team.comments.thread({ cardId: card, limit: 5, cursor: page.next, direction: "forward" });
    expect(next.data[0]!.id).not.toBe(page.data[4]!.id);
    expect(await failure(ui.team.comments.thread({ cardId: card, cursor: { id: 1, at: "yesterday" } }))).toBe("validation_error");
    expect(await failure(ui.team.comments.thread({ cardId: card, limit: 101 }))).toBe("validation_error");
    expect(await failure(ui.team.comments.thread({ cardId: -1 }))).toBe("validation_error");
  });

  it("a new comment is written and last edited at the same instant; an edit moves updated_at", async () => {
    const ui = await browserCaller(t.db, owner.id);
    const { comment } = await ui.team.comments.add({ cardId: card, text: "fresh" });
    expect(comment.updated_at).toBe(comment.created_at);
    const [top] = (await ui.team.comments.thread({ cardId: card, limit: 1 })).data;
    expect(top).toEqual(comment);
    await new Promise((r) => setTimeout(r, 5));
    const edited = await ui.team.comments.edit({ id: comment.id, text: "fresh, edited" });
    expect(edited.comment.created_at).toBe(comment.created_at);
    expect(edited.comment.updated_at > comment.updated_at).toBe(true);
  });
});
