import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { importJsonl } from "~/server/domain/import";
import { addMember, createTeam } from "~/server/domain/teams/teams";
import { startWorkers } from "~/server/workers";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { linesSource } from "../import/helpers";
import { Receiver, subscribedAccount } from "../webhooks/receiver";

/**
 * A team filter names a folder that its owner made private again: a teammate may not read that
 * folder (400 on `folder_ids`, and on the filter's `filter_id`), so no saved-filter match may reach
 * them through it either, whatever hears of matches (their webhook endpoint here). The cards the
 * owner then adds to the folder go to the owner's endpoint only. Run through the server's own
 * background loops (server/workers.ts), as in production.
 */

let t: TTestDb;
const receivers: Receiver[] = [];

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  process.env.EMBEDDINGS_PROVIDER = "off";
  resetEnvCache();
  t = await openTestDb();
});
afterAll(async () => {
  for (const r of receivers) await r.stop();
  await t?.close();
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  delete process.env.EMBEDDINGS_PROVIDER;
  resetEnvCache();
});

const subscribed = () => subscribedAccount(t.db, receivers);

const card = (slug: string) => JSON.stringify({ kind: "card", slug, name: slug.toUpperCase(), description: `About ${slug}` });
const slugsOf = (rx: Receiver) => rx.received.flatMap((r) => (r.event.data.cards as { slug: string }[]).map((c) => c.slug));

/** Waits until `done` holds and no delivery is left to make (at most 60 s). */
async function settle(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [open] = await t.db.$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM webhook_delivery WHERE status IN ('pending', 'delivering')`;
    if (done() && open!.n === 0) return;
    if (Date.now() > deadline) {
      const deliveries = await t.db.$queryRaw<unknown[]>`SELECT endpoint_id, status, left(body, 300) AS body FROM webhook_delivery`;
      throw new Error(`the background loops did not deliver in time: ${JSON.stringify(deliveries)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("a team filter on a folder made private", () => {
  it("sends the folder's new cards to its owner only, never to the teammate who may not read the folder", async () => {
    await importJsonl(t.db, linesSource(["leak-1", "leak-2", "leak-3", "leak-0"].map(card)));
    const [owner, mate] = [await subscribed(), await subscribed()];
    const teamId = (await createTeam(t.db, owner.id, "Leak Fund")).id;
    await addMember(t.db, teamId, mate.id);

    const folder = (await owner.ui.user.folders.create({ name: "Deal room" })) as { id: number };
    await owner.ui.user.folders.share({ id: folder.id, visibility: "team" });
    const filter = (await owner.ui.user.filters.create({ name: "Deal room watch", params: { folder_ids: [folder.id] } } as never)) as {
      id: number;
    };
    await owner.ui.user.filters.share({ id: filter.id, visibility: "team" });
    await owner.ui.user.folders.share({ id: folder.id, visibility: "private" });
    expect((await api("GET", `/cards/?folder_ids=${folder.id}`, { token: mate.token })).status).toBe(400);
    expect((await api("GET", `/cards/?filter_id=${filter.id}`, { token: mate.token })).status).toBe(400);

    const stop = startWorkers(t.db);
    try {
      // A first import lets a periodic check see the filter before the cards arrive.
      await importJsonl(t.db, linesSource([card("leak-0")]));
      await new Promise((r) => setTimeout(r, 2_000));
      const ids = (await t.db.card.findMany({ where: { slug: { in: ["leak-1", "leak-2", "leak-3"] } }, select: { id: true } })).map(
        (c) => c.id,
      );
      await owner.ui.user.folders.addCards({ id: folder.id, cardIds: ids });
      await importJsonl(t.db, linesSource([JSON.stringify({ kind: "card", slug: "leak-0", name: "LEAK-0", description: "Again" })]));
      await settle(() => slugsOf(owner.rx).length >= 3);
    } finally {
      await stop();
    }
    expect(slugsOf(owner.rx).sort()).toEqual(["leak-1", "leak-2", "leak-3"]);
    expect(slugsOf(mate.rx)).toEqual([]);
  }, 120_000);
});
