import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountById, callerFromAuthorization, tokenCache } from "~/server/auth/caller";
import { createPrisma, type TDb } from "~/server/db/client";
import { startEmbeddedHost, type TEmbeddedHost } from "~/server/db/embedded";
import { migrate } from "~/server/db/migrate";
import { closeReplicas } from "~/server/db/replicas";
import { resetEnvCache } from "~/server/env";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, type TBrowserUser } from "../helpers/trpc";
import { seedCards, type TFixture } from "./fixture";

/**
 * Card reads that show has_intro_request go to the primary once the account has asked for an
 * intro (server/api/routers/cards/read-target.ts), decided from the flag the authenticated account
 * carries (TAccount.askedIntro) rather than a primary read per request. The replica here is a
 * database of its own with the same cards, a card renamed and no intro requests: a replica that
 * has not replayed them yet, whose answers can be told from the primary's.
 */

let t: TTestDb;
let fx: TFixture;
let replicaHost: TEmbeddedHost;
let replica: TDb;
let alice: TBrowserUser;
let bob: TBrowserUser;
const saved = { DATABASE_URL: process.env.DATABASE_URL, DATABASE_READ_URLS: process.env.DATABASE_READ_URLS };

beforeAll(async () => {
  t = await openTestDb();
  fx = await seedCards(t.db);
  alice = await browserUser(t.db);
  bob = await browserUser(t.db);
  replicaHost = await startEmbeddedHost(undefined);
  await migrate(replicaHost.url);
  replica = createPrisma(replicaHost.url, 2);
  await seedCards(replica);
  await replica.card.update({ where: { slug: "beta-lending" }, data: { name: "Beta Lending (replica)" } });
  await closeReplicas();
  // Replicas are used only with a PostgreSQL server (the test database's URL stands in for it).
  process.env.DATABASE_URL = t.url;
  process.env.DATABASE_READ_URLS = replicaHost.url;
  resetEnvCache();
});
afterAll(async () => {
  tokenCache.setListening(false);
  await closeReplicas();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  await replica?.$disconnect();
  await replicaHost?.stop();
  await t?.close();
});

const detail = async (token: string, query = "") =>
  (await api("GET", `/cards/beta-lending/${query}`, { token })).body.data as { name: string; has_intro_request: boolean };
const listed = async (token: string, query = "") =>
  (
    (await api("GET", `/cards/?limit=100${query}`, { token })).body.data as { slug: string; name: string; has_intro_request?: boolean }[]
  ).find((c) => c.slug === "beta-lending")!;

describe("has_intro_request and read replicas", () => {
  it("the authenticated account carries asked_intro, from the token and from the session", async () => {
    const caller = await callerFromAuthorization(t.db, `Token ${bob.token}`);
    expect(caller.kind === "token" && caller.account.askedIntro).toBe(false);
    await t.db.account.update({ where: { id: bob.account.id }, data: { askedIntro: true } });
    const again = await callerFromAuthorization(t.db, `Token ${bob.token}`);
    expect(again.kind === "token" && again.account.askedIntro).toBe(true);
    expect((await accountById(t.db, bob.account.id))?.askedIntro).toBe(true);
  });

  it("go to the replica until the account asks for an intro, then to the primary, also after the cancellation", async () => {
    // Tokens remembered by this process (as on PostgreSQL with the vm_auth listener): the intro
    // request itself must make this process forget the account's old flag.
    tokenCache.setListening(true);
    const before = await detail(alice.token);
    expect(before).toMatchObject({ name: "Beta Lending (replica)", has_intro_request: false });
    expect((await listed(alice.token)).name).toBe("Beta Lending (replica)");

    await alice.ui.user.intro.request({ cardId: fx.cards["beta-lending"]!, message: "Hello" });
    expect(await detail(alice.token)).toMatchObject({ name: "Beta Lending", has_intro_request: true });
    expect(await listed(alice.token)).toMatchObject({ name: "Beta Lending", has_intro_request: true });
    // Fields without has_intro_request still read the replica.
    expect((await listed(alice.token, "&fields=slug,name")).name).toBe("Beta Lending (replica)");
    // Another account's reads stay on the replica.
    const carol = await browserUser(t.db);
    expect((await detail(carol.token)).name).toBe("Beta Lending (replica)");

    await alice.ui.user.intro.cancel({ cardId: fx.cards["beta-lending"]! });
    expect(await detail(alice.token)).toMatchObject({ name: "Beta Lending", has_intro_request: false });
  });
});
