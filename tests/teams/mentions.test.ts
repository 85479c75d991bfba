import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mentionAt, mentionHandle, mentionHandles } from "~/server/domain/teams/mention-handles";
import { addMember, createTeam } from "~/server/domain/teams/teams";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { seedCards, type TFixture } from "../cards/fixture";

/**
 * The handles the comment box's @ autocomplete inserts (team.comments.mentionable) are read back by
 * the server as a mention of that teammate and no one else; the list holds the caller's team only.
 */

describe("mention handles", () => {
  it("reads @local-part and @e-mail, lower-cased", () => {
    expect(mentionHandles("hi @Ana and @bo@Fund.test, then @kim.")).toEqual(new Set(["ana", "bo@fund.test", "kim"]));
    expect(mentionHandles("no mention here")).toEqual(new Set());
    expect(mentionHandles("Thanks @bo@fund.test. And @ana...")).toEqual(new Set(["bo@fund.test", "ana"]));
  });

  it("picks the part before the @ when it names one teammate, else the whole e-mail, else nothing", () => {
    const team = ["ana@fund.test", "bo@fund.test", "bo@other.test", "o'hara@fund.test"];
    expect(mentionHandle("ana@fund.test", team)).toBe("ana");
    expect(mentionHandle("bo@fund.test", team)).toBe("bo@fund.test");
    expect(mentionHandle("bo@other.test", team)).toBe("bo@other.test");
    // An apostrophe cannot be part of a handle: no text mentions this teammate.
    expect(mentionHandle("o'hara@fund.test", team)).toBeNull();
    // A host without a dot is not read as part of an e-mail: only the part before the @ can work.
    expect(mentionHandle("root@localhost", ["root@localhost", "ana@fund.test"])).toBe("root");
    expect(mentionHandle("root@localhost", ["root@localhost", "root@fund.test"])).toBeNull();
  });

  it("finds the mention being typed at the caret", () => {
    expect(mentionAt("hello @an", 9)).toEqual({ start: 6, query: "an" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
    expect(mentionAt("(@ma", 4)).toEqual({ start: 1, query: "ma" });
    expect(mentionAt("cc @bo@fund.te", 14)).toEqual({ start: 3, query: "bo@fund.te" });
    expect(mentionAt("hello @an and more", 9)).toEqual({ start: 6, query: "an" });
    // Typing an e-mail address, or past the handle, is no mention.
    expect(mentionAt("write to bob@fund", 17)).toBeNull();
    expect(mentionAt("hello @an ", 10)).toBeNull();
    expect(mentionAt("hello", 5)).toBeNull();
  });
});

let t: TTestDb;
let fx: TFixture;

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
});
afterAll(async () => {
  await t?.close();
});

describe("team.comments.mentionable", () => {
  it("lists the caller's teammates only, each handle mentioning that teammate alone when posted", async () => {
    const s = Date.now();
    const user = async (email: string, name?: string) => {
      const a = await createAccount(t.db, { email });
      if (name) await t.db.account.update({ where: { id: a.account.id }, data: { name } });
      return { id: a.account.id, email, ui: await browserCaller(t.db, a.account.id) };
    };
    const me = await user(`lead.${s}@fund.test`, "Lead");
    const ana = await user(`ana.${s}@fund.test`, "Ana Ruiz");
    const bo = await user(`bo.${s}@fund.test`);
    const boElsewhere = await user(`bo.${s}@other.test`, "Bo Other");
    const rival = await user(`ana.${s}@rival.test`);
    const loner = await user(`loner.${s}@fund.test`);
    const teamId = (await createTeam(t.db, me.id, "Mention Fund")).id;
    for (const u of [ana, bo, boElsewhere]) await addMember(t.db, teamId, u.id);
    await createTeam(t.db, rival.id, "Rival Mentions");

    const list = await me.ui.team.comments.mentionable();
    expect(list.map((m) => m.email)).toEqual([ana.email, boElsewhere.email, bo.email]);
    expect(Object.fromEntries(list.map((m) => [m.email, m.handle]))).toEqual({
      [ana.email]: `ana.${s}`,
      [bo.email]: bo.email,
      [boElsewhere.email]: boElsewhere.email,
    });
    const card = fx.cards["alpha-dex"]!;
    for (const m of list) {
      const r = await me.ui.team.comments.add({ cardId: card, text: `@${m.handle} a look?` });
      expect(r.mentioned).toEqual([m.id]);
    }

    // A teammate sees the others and not themself; another team's member and a loner see none of them.
    expect((await ana.ui.team.comments.mentionable()).map((m) => m.email).sort()).toEqual([me.email, bo.email, boElsewhere.email].sort());
    expect((await rival.ui.team.comments.mentionable()).map((m) => m.email)).toEqual([]);
    expect(await loner.ui.team.comments.mentionable()).toEqual([]);
  });
});
