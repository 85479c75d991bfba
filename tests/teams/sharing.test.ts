import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, createTeam, leaveTeam, removeMember } from "~/server/domain/teams/teams";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { discover, registerApp, tokensFor } from "../oauth/helpers";
import { seedCards, slugsOf, type TFixture } from "../cards/fixture";

/**
 * Shared folders and saved filters: seen and used by every member, managed by their creator and
 * admins, invisible (404, or a 400 naming the parameter in a card list) to another team and a
 * stranger, through the workspace procedures and /v1; a removed member loses them on the next request.
 */

let t: TTestDb;
let fx: TFixture;
type TUser = Awaited<ReturnType<typeof user>>;
let owner: TUser, admin: TUser, member: TUser, rival: TUser, stranger: TUser;
let teamId: number;

async function user() {
  const a = await createAccount(t.db);
  return { ...a, ui: await browserCaller(t.db, a.account.id) };
}

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  [owner, admin, member, rival, stranger] = [await user(), await user(), await user(), await user(), await user()];
  teamId = (await createTeam(t.db, owner.account.id, "Share Fund")).id;
  await addMember(t.db, teamId, admin.account.id, "admin");
  await addMember(t.db, teamId, member.account.id);
  await createTeam(t.db, rival.account.id, "Rival Fund");
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, token: string) => api("GET", path, { token });
const card = (slug: string) => fx.cards[slug]!;

describe("shared folders", () => {
  it("every member sees and fills a team folder; creator and admins rename, unshare, delete", async () => {
    const f = await member.ui.user.folders.create({ name: "Pipeline" });
    expect(f).toMatchObject({ visibility: "private", owner: { id: member.account.id, email: member.account.email } });
    expect(await failure(owner.ui.user.folders.get({ id: f.id }))).toBe("not_found");
    expect((await get("/cards/folders/", owner.token)).body.data.map((x: any) => x.id)).not.toContain(f.id);

    const shared = await member.ui.user.folders.share({ id: f.id, visibility: "team" });
    expect(shared.visibility).toBe("team");
    await owner.ui.user.folders.addCard({ id: f.id, cardId: card("alpha-dex") });
    await admin.ui.user.folders.addCard({ id: f.id, cardId: card("beta-lending") });

    const listed = await get("/cards/folders/", admin.token);
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({
        id: f.id,
        cards_count: 2,
        visibility: "team",
        owner: { id: member.account.id, email: member.account.email },
      }),
    );
    const inFolder = await get(`/cards/?folder_ids=${f.id}&include_user_data=true`, owner.token);
    expect(inFolder.status).toBe(200);
    expect(slugsOf(inFolder.body).sort()).toEqual(["alpha-dex", "beta-lending"]);
    expect(inFolder.body.data[0].user_data.folders).toContainEqual({ id: f.id, name: "Pipeline" });

    // Another team and a stranger: as if it did not exist.
    for (const u of [rival, stranger]) {
      expect((await get("/cards/folders/", u.token)).body.data).toEqual([]);
      const r = await get(`/cards/?folder_ids=${f.id}`, u.token);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe("validation_error");
      expect(await failure(u.ui.user.folders.get({ id: f.id }))).toBe("not_found");
      expect(await failure(u.ui.user.folders.addCard({ id: f.id, cardId: card("alpha-dex") }))).toBe("not_found");
      expect(await failure(u.ui.user.folders.delete({ id: f.id }))).toBe("not_found");
      const ud = await get(`/cards/?include_user_data=true&limit=100`, u.token);
      expect(ud.body.data.flatMap((c: any) => c.user_data.folders)).toEqual([]);
    }

    // A plain member who did not create it cannot rename, unshare or delete it.
    const other = await admin.ui.user.folders.create({ name: "Admin's" });
    await admin.ui.user.folders.share({ id: other.id, visibility: "team" });
    expect(await failure(member.ui.user.folders.rename({ id: other.id, name: "Mine now" }))).toBe("permission_denied");
    expect(await failure(member.ui.user.folders.share({ id: other.id, visibility: "private" }))).toBe("permission_denied");
    expect(await failure(member.ui.user.folders.delete({ id: other.id }))).toBe("permission_denied");
    // An admin manages a member's shared folder.
    expect((await admin.ui.user.folders.rename({ id: f.id, name: "Pipeline Q4" })).name).toBe("Pipeline Q4");
    await owner.ui.user.folders.delete({ id: other.id });
    expect(await failure(admin.ui.user.folders.get({ id: other.id }))).toBe("not_found");
    // A stranger cannot share (no team).
    const lonely = await stranger.ui.user.folders.create({ name: "Solo" });
    expect(await failure(stranger.ui.user.folders.share({ id: lonely.id, visibility: "team" }))).toBe("conflict");
  });

  it("a shared folder stays with the team when its creator leaves", async () => {
    const leaver = await user();
    await addMember(t.db, teamId, leaver.account.id);
    const f = await leaver.ui.user.folders.create({ name: "Left behind" });
    await leaver.ui.user.folders.share({ id: f.id, visibility: "team" });
    await leaveTeam(t.db, leaver.account.id);
    expect((await owner.ui.user.folders.get({ id: f.id })).owner.id).toBe(leaver.account.id);
    expect(await failure(leaver.ui.user.folders.get({ id: f.id }))).toBe("not_found");
  });
});

describe("shared saved filters", () => {
  it("every member lists and uses filter_id; others get 404 and a 400 naming filter_id", async () => {
    const sf = await owner.ui.user.filters.create({ name: "Seeds", params: { stages: ["seed"] } });
    await owner.ui.user.filters.share({ id: sf.id, visibility: "team" });
    const listed = await get("/cards/filters/", member.token);
    expect(listed.body.data).toContainEqual(
      expect.objectContaining({ id: sf.id, visibility: "team", owner: { id: owner.account.id, email: owner.account.email } }),
    );
    const mine = await get(`/cards/?filter_id=${sf.id}`, owner.token);
    const theirs = await get(`/cards/?filter_id=${sf.id}`, member.token);
    expect(theirs.status).toBe(200);
    expect(slugsOf(theirs.body)).toEqual(slugsOf(mine.body));
    expect((await get(`/cards/filters/${sf.id}/new/`, member.token)).status).toBe(200);
    expect(await failure(member.ui.user.filters.rename({ id: sf.id, name: "x" }))).toBe("permission_denied");
    expect(await failure(member.ui.user.filters.delete({ id: sf.id }))).toBe("permission_denied");

    for (const u of [rival, stranger]) {
      expect((await get("/cards/filters/", u.token)).body.data.map((x: any) => x.id)).not.toContain(sf.id);
      const r = await get(`/cards/?filter_id=${sf.id}`, u.token);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain("filter_id");
      expect((await get(`/cards/filters/${sf.id}/new/`, u.token)).status).toBe(404);
      expect((await api("POST", `/cards/filters/${sf.id}/seen/`, { token: u.token })).status).toBe(404);
    }
    await admin.ui.user.filters.share({ id: sf.id, visibility: "private" });
    expect((await get(`/cards/?filter_id=${sf.id}`, member.token)).status).toBe(400);
    expect((await get(`/cards/?filter_id=${sf.id}`, owner.token)).status).toBe(200);
  });
});

describe("GET /v1/team/", () => {
  it("the team, your role and the members; data null outside a team; removal counts from the next request", async () => {
    const joiner = await user();
    await addMember(t.db, teamId, joiner.account.id);
    const f = await owner.ui.user.folders.create({ name: "Removal check" });
    await owner.ui.user.folders.share({ id: f.id, visibility: "team" });

    const r = await get("/team/", joiner.token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.team).toMatchObject({ id: teamId, name: "Share Fund" });
    expect(r.body.data.role).toBe("member");
    expect(r.body.data.members[0]).toMatchObject({ id: owner.account.id, role: "owner" });
    expect(r.body.data.members.map((m: any) => m.id)).toContain(joiner.account.id);
    expect((await get(`/cards/?folder_ids=${f.id}`, joiner.token)).status).toBe(200);

    await removeMember(t.db, owner.account.id, teamId, joiner.account.id);
    const after = await get("/team/", joiner.token);
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ data: null });
    expect((await get(`/cards/?folder_ids=${f.id}`, joiner.token)).status).toBe(400);
    expect((await get("/cards/folders/", joiner.token)).body.data.map((x: any) => x.id)).not.toContain(f.id);
    expect((await get("/team/", stranger.token)).body).toEqual({ data: null });
  });

  it("needs the team:read scope with an OAuth token", async () => {
    const as = await discover();
    const app = await registerApp(t.db);
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const without = await tokensFor(t.db, as, app, member.account.id, { scope: "cards:read" });
    const refused = await api("GET", "/team/", { headers: bearer(without.access_token) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("www-authenticate")).toContain('scope="team:read"');
    const withScope = await tokensFor(t.db, as, app, member.account.id, { scope: "team:read" });
    expect((await api("GET", "/team/", { headers: bearer(withScope.access_token) })).status).toBe(200);
  });
});
