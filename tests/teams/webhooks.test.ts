import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { importJsonl } from "~/server/domain/import";
import { addMember, createTeam, removeMember } from "~/server/domain/teams/teams";
import { deliverDue } from "~/server/domain/webhooks/deliver";
import { api } from "../helpers/api";
import { fanOutAll } from "../helpers/events";
import { openTestDb, type TTestDb } from "../helpers/db";
import { linesSource } from "../import/helpers";
import { Receiver, subscribedAccount } from "../webhooks/receiver";

/**
 * saved_filter.cards_matched and teams: a team filter's matches go to the endpoints of every member
 * of the team (its creator and the others), in the shape GET /v1/cards/filters/ lists the filter
 * (with visibility and owner); never to another team or a stranger; and no longer to its creator once
 * removed from the team, while the filter stays with the team and its other members still receive them.
 */

let t: TTestDb;
const receivers: Receiver[] = [];

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  resetEnvCache();
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
});
beforeEach(() => {
  receivers.length = 0;
});
afterEach(async () => {
  for (const r of receivers) await r.stop();
});

const subscribed = () => subscribedAccount(t.db, receivers);

/** The saved-filter matcher and the webhooks' fan-out (what the worker's loops do), then the deliveries. */
async function pump() {
  await fanOutAll(t.db);
  await deliverDue(t.db);
}

const card = (slug: string) =>
  JSON.stringify({ kind: "card", slug, name: slug.toUpperCase(), description: `About ${slug}`, stage: "tw-seed" });

describe("saved_filter.cards_matched for a team filter", () => {
  it("reaches every member, never another team or a stranger; a removed creator stops receiving it, the team does not", async () => {
    await importJsonl(
      t.db,
      linesSource([JSON.stringify({ kind: "stage", slug: "tw-seed", name: "TW Seed", position: 1 }), card("tw-old")]),
    );
    const [owner, creator, rival, stranger] = [await subscribed(), await subscribed(), await subscribed(), await subscribed()];
    const teamId = (await createTeam(t.db, owner.id, "Hook Fund")).id;
    await addMember(t.db, teamId, creator.id);
    await createTeam(t.db, rival.id, "Rival Hook Fund");

    const filter = (await creator.ui.user.filters.create({ name: "Team seed deals", params: { stages: ["tw-seed"] } } as never)) as {
      id: number;
    };
    await creator.ui.user.filters.share({ id: filter.id, visibility: "team" });
    await pump();

    await importJsonl(t.db, linesSource([card("tw-new-1")]));
    await pump();
    for (const member of [creator, owner]) {
      expect(member.rx.received).toHaveLength(1);
      const ev = member.rx.received[0]!;
      expect(ev.verifiedWith).toBe(0);
      const listed = (await api("GET", "/cards/filters/", { token: member.token })).body.data.find(
        (f: { id: number }) => f.id === filter.id,
      );
      expect(ev.event.data.filter).toEqual(listed);
      expect(ev.event.data.filter).toMatchObject({ visibility: "team", owner: { id: creator.id, email: creator.email } });
      expect(ev.event.data.cards.map((c: { slug: string }) => c.slug)).toEqual(["tw-new-1"]);
    }
    for (const other of [rival, stranger]) expect(other.rx.received).toEqual([]);

    // Removed from the team: the filter stays with the team, whose members still receive its matches; the creator no longer does.
    await removeMember(t.db, owner.id, teamId, creator.id);
    expect((await api("GET", "/cards/filters/", { token: creator.token })).body.data.map((f: { id: number }) => f.id)).not.toContain(
      filter.id,
    );
    expect((await api("GET", "/cards/filters/", { token: owner.token })).body.data.map((f: { id: number }) => f.id)).toContain(filter.id);
    await importJsonl(t.db, linesSource([card("tw-new-2")]));
    await pump();
    expect(creator.rx.received).toHaveLength(1);
    expect(owner.rx.received.map((r) => r.event.data.cards.map((c: { slug: string }) => c.slug))).toEqual([["tw-new-1"], ["tw-new-2"]]);
    for (const other of [rival, stranger]) expect(other.rx.received).toEqual([]);
  });
});
