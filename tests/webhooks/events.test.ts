import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { importJsonl } from "~/server/domain/import";
import { deliverDue } from "~/server/domain/webhooks/deliver";
import { api } from "../helpers/api";
import { fanOutAll } from "../helpers/events";
import { browserCaller } from "../helpers/trpc";
import { openTestDb, type TTestDb } from "../helpers/db";
import { linesSource } from "../import/helpers";
import { networkAProfile, processAll, radarAccount, refreshAll, setExperience } from "../radar/fixtures";
import { Receiver } from "./receiver";

/**
 * The events, end to end: the radar's changes and new saved-filter matches reach the subscribed
 * endpoints of their account only (outbox, fan-out, delivery), verified by the receiver, with data
 * in the REST response shapes.
 */

let t: TTestDb;
let rx: Receiver;

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
beforeEach(async () => {
  rx = await new Receiver().start();
});
afterEach(async () => {
  await rx.stop();
});

async function subscribe(token: string, events: string[], url = rx.url) {
  const r = await api("POST", "/webhooks/", { token, body: { url, events } });
  expect(r.status).toBe(200);
  rx.secrets.push(r.body.data.secret);
  return r.body.data as { id: number; secret: string };
}

/** The saved-filter matcher and the webhooks' fan-out (what the worker's loops do), then the deliveries. */
async function pump() {
  await fanOutAll(t.db);
  await deliverDue(t.db);
}

const CTO = { title: "CTO", company: "Foo", startDate: "2020-01-01" };
const CEO = { title: "CEO", company: "Bar", startDate: "2025-07-01" };

describe("radar events", () => {
  it("sends connection created, update created and application failed to the owner's endpoints only", async () => {
    const a = await radarAccount(t.db);
    const b = await radarAccount(t.db);
    const events = ["radar.update.created", "radar.connection.created", "radar.application.failed"];
    await subscribe(a.token, events);
    const other = await new Receiver().start();
    try {
      const bEndpoint = await api("POST", "/webhooks/", { token: b.token, body: { url: other.url, events } });
      other.secrets = [bEndpoint.body.data.secret];
      const profile = await networkAProfile(t.db, { slug: "ev-person", name: "Eve Person", experience: [CTO] });
      const created = await api("POST", "/radar/applications/", { token: a.token, body: { source: "network_a", username: "ev-person" } });
      const bad = await api("POST", "/radar/applications/", { token: a.token, body: { source: "network_a", username: "nobody-here" } });
      await processAll(t.db);
      await pump();
      const byType = (type: string) => rx.received.filter((r) => r.event.type === type);
      expect(rx.received.every((r) => r.verifiedWith === 0)).toBe(true);

      const conn = (await api("GET", "/radar/connections/network_a/", { token: a.token })).body.data[0];
      expect(byType("radar.connection.created").map((r) => r.event.data)).toEqual([conn]);
      expect(conn.id).toBe(created.body.data.id);

      const failedApp = (await api("GET", "/radar/applications/network_a/?init_status=failed", { token: a.token })).body.data[0];
      expect(failedApp.id).toBe(bad.body.data.id);
      expect(byType("radar.application.failed").map((r) => r.event.data)).toEqual([failedApp]);

      await setExperience(t.db, profile.id, [CEO, { ...CTO, endDate: "2025-06-30" }]);
      await refreshAll(t.db);
      await pump();
      const update = (await api("GET", "/radar/updates/", { token: a.token })).body.data[0];
      const sent = byType("radar.update.created");
      expect(sent.map((r) => r.event.data)).toEqual([update]);
      expect(sent[0]!.event.timestamp).toBe(update.detected_at);
      expect(rx.received).toHaveLength(3);
      expect(other.received).toHaveLength(0); // account B sees nothing of A's radar
    } finally {
      await other.stop();
    }
  });

  it("writes no event for accounts without a subscribed, enabled endpoint", async () => {
    const a = await radarAccount(t.db);
    const ep = await subscribe(a.token, ["radar.application.failed"]);
    await api("PATCH", `/webhooks/${ep.id}/`, { token: a.token, body: { enabled: false } });
    await networkAProfile(t.db, { slug: "quiet-person", name: "Quiet Person", experience: [CTO] });
    await api("POST", "/radar/applications/", { token: a.token, body: { source: "network_a", username: "quiet-person" } });
    await processAll(t.db);
    const [n] = await t.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM domain_event WHERE 'webhooks' = ANY (pending)`;
    expect(n!.n).toBe(0);
  });
});

describe("saved_filter.cards_matched", () => {
  const card = (slug: string, stage: string) =>
    JSON.stringify({ kind: "card", slug, name: slug.toUpperCase(), description: `About ${slug}`, stage });

  it("sends each newly matching card once per filter, after an import; cards that matched before the filter was heard of are not new", async () => {
    await importJsonl(
      t.db,
      linesSource([
        JSON.stringify({ kind: "stage", slug: "seed", name: "Seed", position: 1 }),
        JSON.stringify({ kind: "stage", slug: "series-a", name: "Series A", position: 2 }),
        card("old-seed", "seed"),
        card("old-a", "series-a"),
      ]),
    );
    const acc = await radarAccount(t.db);
    const stranger = await radarAccount(t.db);
    await subscribe(acc.token, ["saved_filter.cards_matched"]);
    const other = await new Receiver().start();
    try {
      const so = await api("POST", "/webhooks/", {
        token: stranger.token,
        body: { url: other.url, events: ["saved_filter.cards_matched"] },
      });
      expect(so.status).toBe(200);
      const trpc = await browserCaller(t.db, acc.id);
      const filter = await trpc.user.filters.create({ name: "Seed deals", params: { stages: ["seed"] } } as never);
      // What matched before anyone heard of the filter is not new.
      await pump();
      expect(rx.received).toHaveLength(0);

      await importJsonl(t.db, linesSource([card("new-seed", "seed"), card("new-a", "series-a")]));
      await pump();
      expect(rx.received).toHaveLength(1);
      const ev = rx.received[0]!;
      expect(ev.verifiedWith).toBe(0);
      expect(ev.event.type).toBe("saved_filter.cards_matched");
      expect(ev.event.data.filter).toMatchObject({ id: (filter as { id: number }).id, name: "Seed deals", params: { stages: ["seed"] } });
      const listed = (await api("GET", "/cards/?stages=seed&view=compact&search=new", { token: acc.token })).body.data;
      expect(ev.event.data.cards).toEqual(listed);
      expect(ev.event.data.cards.map((c: { slug: string }) => c.slug)).toEqual(["new-seed"]);

      // Once per card: a card changed again (re-imported with another description) sends nothing again.
      await importJsonl(
        t.db,
        linesSource([JSON.stringify({ kind: "card", slug: "new-seed", name: "NEW-SEED", description: "Changed", stage: "seed" })]),
      );
      await pump();
      expect(rx.received).toHaveLength(1);
      expect(other.received).toHaveLength(0);
    } finally {
      await other.stop();
    }
  });
});
