import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure, type TBrowserUser } from "../helpers/trpc";
import { seedCards, slugsOf, type TFixture } from "./fixture";

let t: TTestDb;
let fx: TFixture;
let alice: TBrowserUser;
let bob: TBrowserUser;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  alice = await browserUser(t.db);
  bob = await browserUser(t.db);
});
afterAll(async () => {
  await t?.close();
});

const card = (slug: string) => fx.cards[slug]!;
const userDataOf = async (token: string, slug: string) => {
  const r = await api("GET", `/cards/?include_user_data=true&limit=100`, { token });
  return r.body.data.find((c: any) => c.slug === slug).user_data;
};

describe("likes", () => {
  it("like and unlike, seen only by their owner", async () => {
    expect(await alice.ui.user.likes.like({ cardId: card("alpha-dex") })).toEqual({ card_id: card("alpha-dex"), is_liked: true });
    await alice.ui.user.likes.like({ cardId: card("alpha-dex") });
    expect((await userDataOf(alice.token, "alpha-dex")).is_liked).toBe(true);
    expect((await userDataOf(bob.token, "alpha-dex")).is_liked).toBe(false);
    await bob.ui.user.likes.unlike({ cardId: card("alpha-dex") });
    expect((await userDataOf(alice.token, "alpha-dex")).is_liked).toBe(true);
    await alice.ui.user.likes.unlike({ cardId: card("alpha-dex") });
    expect((await userDataOf(alice.token, "alpha-dex")).is_liked).toBe(false);
    expect(await failure(alice.ui.user.likes.like({ cardId: 999999 }))).toBe("not_found");
    expect(await failure(alice.ui.user.likes.like({ cardId: -1 }))).toBe("validation_error");
  });
});

describe("notes", () => {
  it("one note per account and card: written, rewritten, deleted", async () => {
    const first = await alice.ui.user.notes.save({ cardId: card("gamma-ai"), text: "call them" });
    expect(first).toMatchObject({ card_id: card("gamma-ai"), text: "call them" });
    const second = await alice.ui.user.notes.save({ cardId: card("gamma-ai"), text: "called" });
    expect(second.created_at).toBe(first.created_at);
    expect(await alice.ui.user.notes.get({ cardId: card("gamma-ai") })).toMatchObject({ text: "called" });
    expect(await bob.ui.user.notes.get({ cardId: card("gamma-ai") })).toBeNull();

    const ud = await userDataOf(alice.token, "gamma-ai");
    expect(ud).toEqual({
      is_liked: false,
      has_note: true,
      note: { text: "called", created_at: first.created_at, updated_at: expect.any(String) },
      folders: [],
    });
    const bobs = await userDataOf(bob.token, "gamma-ai");
    expect(bobs).toEqual({ is_liked: false, has_note: false, folders: [] });
    expect(bobs).not.toHaveProperty("note");

    expect(await bob.ui.user.notes.delete({ cardId: card("gamma-ai") })).toEqual({ card_id: card("gamma-ai"), deleted: false });
    expect((await userDataOf(alice.token, "gamma-ai")).has_note).toBe(true);
    expect(await alice.ui.user.notes.delete({ cardId: card("gamma-ai") })).toEqual({ card_id: card("gamma-ai"), deleted: true });
    expect((await userDataOf(alice.token, "gamma-ai")).has_note).toBe(false);
    expect(await failure(alice.ui.user.notes.save({ cardId: card("gamma-ai"), text: "   " }))).toBe("validation_error");
  });
});

describe("folders", () => {
  it("create, rename, add and remove cards, delete; another account's folder is not found", async () => {
    const f = await alice.ui.user.folders.create({ name: "Pipeline" });
    expect(f).toMatchObject({ name: "Pipeline", cards_count: 0 });
    expect(await failure(alice.ui.user.folders.create({ name: "pipeline" }))).toBe("conflict");
    await bob.ui.user.folders.create({ name: "Pipeline" });

    expect((await alice.ui.user.folders.addCard({ id: f.id, cardId: card("beta-lending") })).cards_count).toBe(1);
    await alice.ui.user.folders.addCard({ id: f.id, cardId: card("beta-lending") });
    expect((await alice.ui.user.folders.addCard({ id: f.id, cardId: card("zeta") })).cards_count).toBe(2);
    expect((await alice.ui.user.folders.rename({ id: f.id, name: "Deals" })).name).toBe("Deals");

    for (const call of [
      () => bob.ui.user.folders.get({ id: f.id }),
      () => bob.ui.user.folders.rename({ id: f.id, name: "Mine" }),
      () => bob.ui.user.folders.addCard({ id: f.id, cardId: card("alpha-dex") }),
      () => bob.ui.user.folders.removeCard({ id: f.id, cardId: card("zeta") }),
      () => bob.ui.user.folders.delete({ id: f.id }),
    ]) {
      expect(await failure(call())).toBe("not_found");
    }
    expect(await failure(alice.ui.user.folders.addCard({ id: f.id, cardId: 999999 }))).toBe("not_found");
    expect((await bob.ui.user.folders.list()).map((x) => x.name)).toEqual(["Pipeline"]);

    expect((await userDataOf(alice.token, "beta-lending")).folders).toEqual([{ id: f.id, name: "Deals" }]);
    expect((await userDataOf(bob.token, "beta-lending")).folders).toEqual([]);

    // folder_ids: the caller's folders only.
    const mine = await api("GET", `/cards/?folder_ids=${f.id}`, { token: alice.token });
    expect(slugsOf(mine.body)).toEqual(["beta-lending", "zeta"]);
    const theirs = await api("GET", `/cards/?folder_ids=${f.id}`, { token: bob.token });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toMatchObject({ error: "validation_error", details: { folder_ids: expect.any(Array) } });
    expect((await api("POST", "/cards/", { token: alice.token, body: { folder_ids: [f.id, 999999] } })).status).toBe(400);

    expect((await alice.ui.user.folders.removeCard({ id: f.id, cardId: card("zeta") })).cards_count).toBe(1);
    expect(await alice.ui.user.folders.delete({ id: f.id })).toEqual({ id: f.id, deleted: true });
    expect(await failure(alice.ui.user.folders.get({ id: f.id }))).toBe("not_found");
    expect((await api("GET", `/cards/?folder_ids=${f.id}`, { token: alice.token })).status).toBe(400);
  });
});

describe("saved filters", () => {
  it("create from list parameters, use with filter_id under explicit parameters, rename, delete", async () => {
    const sf = await alice.ui.user.filters.create({
      name: "Seed web3",
      params: { stages: ["seed", "pre-seed"], display_preference: "web3", sort: "name:asc", limit: 5, created_after: "2024-01-01" },
    });
    expect(sf.params).toEqual({ stages: ["seed", "pre-seed"], display_preference: "web3", sort: "name:asc", created_after: "2024-01-01" });
    const listed = await api("GET", "/cards/filters/", { token: alice.token });
    expect(listed.body.data).toEqual([sf]);

    const applied = await api("GET", `/cards/?filter_id=${sf.id}`, { token: alice.token });
    expect(applied.status).toBe(200);
    expect(applied.body.meta.sort).toBe("name:asc");
    expect(slugsOf(applied.body)).toEqual(["alpha-dex", "beta-lending", "chainlink-oracle"]);
    // Explicit parameters win over the saved ones of the same name.
    const overridden = await api("GET", `/cards/?filter_id=${sf.id}&stages=seed&sort=recent`, { token: alice.token });
    expect(overridden.body.meta.sort).toBe("recent");
    expect(slugsOf(overridden.body)).toEqual(["alpha-dex"]);
    const post = await api("POST", "/cards/", { token: alice.token, body: { filter_id: sf.id, featured: true } });
    expect(slugsOf(post.body)).toEqual(["alpha-dex"]);

    for (const id of [sf.id, 999999]) {
      const r = await api("GET", `/cards/?filter_id=${id}`, { token: bob.token });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", details: { filter_id: expect.any(Array) } });
    }
    expect(await failure(bob.ui.user.filters.rename({ id: sf.id, name: "x" }))).toBe("not_found");
    expect(await failure(bob.ui.user.filters.delete({ id: sf.id }))).toBe("not_found");
    expect(await bob.ui.user.filters.list()).toEqual([]);

    expect((await alice.ui.user.filters.rename({ id: sf.id, name: "Seeds" })).name).toBe("Seeds");
    expect(await alice.ui.user.filters.delete({ id: sf.id })).toEqual({ id: sf.id, deleted: true });
    expect((await api("GET", `/cards/?filter_id=${sf.id}`, { token: alice.token })).status).toBe(400);
  });

  it("validates the parameters with the card list schema", async () => {
    for (const params of [
      { sort: "bogus" },
      { stages: "seed", colour: "red" },
      { created_after: "2024-13-01" },
      { fields: ["nope"] },
      { semantic: true },
      { min_similarity: 2 },
    ]) {
      expect(await failure(alice.ui.user.filters.create({ name: "bad", params: params as never })), JSON.stringify(params)).toBe(
        "validation_error",
      );
    }
    const bobsFolder = await bob.ui.user.folders.create({ name: "Private" });
    expect(await failure(alice.ui.user.filters.create({ name: "x", params: { folder_ids: [bobsFolder.id] } }))).toBe("validation_error");
  });
});

describe("intro requests", () => {
  it("only for cards open to intro, seen by their owner only", async () => {
    expect(await failure(alice.ui.user.intro.request({ cardId: card("alpha-dex") }))).toBe("validation_error");
    const r = await alice.ui.user.intro.request({ cardId: card("beta-lending"), message: "Hello" });
    expect(r).toMatchObject({ card_id: card("beta-lending"), message: "Hello" });
    const again = await alice.ui.user.intro.request({ cardId: card("beta-lending") });
    expect(again).toMatchObject({ id: r.id, message: "Hello" });

    const flag = async (token: string) =>
      (await api("GET", "/cards/?limit=100", { token })).body.data.find((c: any) => c.slug === "beta-lending").has_intro_request;
    expect(await flag(alice.token)).toBe(true);
    expect(await flag(bob.token)).toBe(false);
    expect((await api("GET", "/cards/beta-lending/", { token: alice.token })).body.data.has_intro_request).toBe(true);
    expect(await bob.ui.user.intro.cancel({ cardId: card("beta-lending") })).toEqual({ card_id: card("beta-lending"), deleted: false });
    expect(await flag(alice.token)).toBe(true);
    expect(await alice.ui.user.intro.cancel({ cardId: card("beta-lending") })).toEqual({ card_id: card("beta-lending"), deleted: true });
    expect(await flag(alice.token)).toBe(false);
    expect(await failure(alice.ui.user.intro.request({ cardId: 999999 }))).toBe("not_found");
  });
});

describe("include_user_data", () => {
  it("adds user_data to list and detail items only when asked, for the caller only", async () => {
    await alice.ui.user.likes.like({ cardId: card("omega-robotics") });
    const plain = await api("GET", "/cards/?limit=100", { token: alice.token });
    expect(plain.body.meta.fields).not.toContain("user_data");
    for (const c of plain.body.data) expect(c).not.toHaveProperty("user_data");

    const withUd = await api("GET", "/cards/?limit=100&include_user_data=true&view=compact", { token: alice.token });
    expect(withUd.body.meta.fields).toContain("user_data");
    for (const c of withUd.body.data) expect(c.user_data).toMatchObject({ is_liked: expect.any(Boolean), has_note: expect.any(Boolean) });

    const d = await api("GET", "/cards/omega-robotics/?include_user_data=true", { token: alice.token });
    expect(d.body.meta).toEqual({ include_user_data: true });
    expect(d.body.data.user_data).toEqual({ is_liked: true, has_note: false, folders: [] });
    const b = await api("GET", "/cards/omega-robotics/?include_user_data=1", { token: bob.token });
    expect(b.body.data.user_data).toEqual({ is_liked: false, has_note: false, folders: [] });
  });

  it("needs a signed-in caller for every procedure", async () => {
    const { appRouter } = await import("~/server/api/root");
    const { createCallerFactory } = await import("~/server/api/trpc");
    const anon = createCallerFactory(appRouter)({ db: t.db, caller: { kind: "anonymous" }, transport: "trpc", resHeaders: { set() {} } });
    expect(await failure(anon.user.folders.list())).toBe("not_authenticated");
    expect(await failure(anon.user.likes.like({ cardId: card("zeta") }))).toBe("not_authenticated");
  });
});
