import type * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nameVocabulary } from "~/server/domain/autocomplete/vocabulary";
import { addMember, createTeam } from "~/server/domain/teams/teams";
import { createSavedFilter } from "~/server/domain/saved-filters/filters";
import { createFolder, setFolderVisibility } from "~/server/domain/userdata/folders";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { seedCards } from "../cards/fixture";
import { bearer, discover, registerApp, tokensFor } from "../oauth/helpers";

/** GET /v1/autocomplete/: the tiers of a match, the kinds, the caller's own lists, permissions and bad input. */

let t: TTestDb;
let as: oauth.AuthorizationServer;
let alice: Awaited<ReturnType<typeof createAccount>>;
let bob: Awaited<ReturnType<typeof createAccount>>;
let carol: Awaited<ReturnType<typeof createAccount>>;
let founderReader: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  t = await openTestDb();
  await seedCards(t.db);
  await t.db.profile.createMany({
    data: [
      { id: 501, name: "Jonathan Reyes", headline: "Founder at a robotics company" },
      { id: 502, name: "Maria Lopez", location: "Berlin, Germany" },
    ],
  });
  alice = await createAccount(t.db);
  bob = await createAccount(t.db);
  carol = await createAccount(t.db);
  founderReader = await createAccount(t.db, { grant: ["network_a_profiles"] });
  await createFolder(t.db, alice.account.id, "Alpha pipeline");
  await createFolder(t.db, bob.account.id, "Alpha secrets");
  await createSavedFilter(t.db, alice.account.id, "Robotics in SF", { categories: ["ml"] });
  // Carol and Bob are teammates: Bob's shared folder is Carol's to find, his private one is not.
  const team = await createTeam(t.db, bob.account.id, "Fund");
  await addMember(t.db, team.id, carol.account.id);
  const shared = await createFolder(t.db, bob.account.id, "Alpha shared");
  await setFolderVisibility(t.db, bob.account.id, shared.id, "team");
  await nameVocabulary(t.db);
  as = await discover();
});
afterAll(async () => {
  await t?.close();
});

const find = (query: string, token = alice.token) => api("GET", `/autocomplete/?${query}`, { token });
const names = (body: { data: { name: string }[] }) => body.data.map((r) => r.name);

describe("GET /v1/autocomplete/", () => {
  it("answers typed results, exact names first, then prefixes, then later words", async () => {
    const res = await find("q=lending");
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({ type: "category", slug: "lending", name: "Lending", context: "Category in DeFi", match: "exact" });
    expect(res.body.data[1]).toMatchObject({ type: "card", slug: "beta-lending", name: "Beta Lending", match: "word" });
    expect(res.body.meta.total).toBe(res.body.data.length);

    const alpha = await find("q=alp");
    expect(alpha.body.data.map((r: { type: string; name: string }) => `${r.type}:${r.name}`)).toEqual([
      "folder:Alpha pipeline",
      "card:Alpha DEX",
    ]);
    expect(alpha.body.data[1]).toEqual({
      type: "card",
      slug: "alpha-dex",
      name: "Alpha DEX",
      context: "Seed · San Francisco",
      match: "prefix",
    });
  });

  it("finds a name a typo away, in the database's records and in the reference data", async () => {
    const robotics = await find("q=robotcs");
    expect(robotics.body.data).toContainEqual(expect.objectContaining({ slug: "omega-robotics", match: "fuzzy" }));
    const sf = await find("q=san%20fransisco&types=location");
    expect(sf.body.data).toEqual([expect.objectContaining({ slug: "san-francisco", match: "fuzzy", context: "City in California" })]);
  });

  it("searches only the kinds asked for, in the order of the kinds", async () => {
    const seed = await find("q=seed");
    expect(seed.body.data.map((r: { type: string; name: string }) => `${r.type}:${r.name}`)).toEqual([
      "stage:Seed",
      "round:Seed round",
      "stage:Pre-seed",
    ]);
    const rounds = await find("q=seed&types=round");
    expect(names(rounds.body)).toEqual(["Seed round"]);
    expect(rounds.body.meta.types).toEqual(["round"]);
    const people = await find("q=fund&types=participant");
    expect(people.body.data).toEqual([{ type: "participant", slug: "fund-a", name: "Fund A", context: "Fund", match: "prefix" }]);
  });

  it("finds the caller's folders and saved filters and the team's shared ones, never another account's", async () => {
    expect(names((await find("q=alpha&types=folder")).body)).toEqual(["Alpha pipeline"]);
    expect(names((await find("q=alpha&types=folder", bob.token)).body)).toEqual(["Alpha secrets", "Alpha shared"]);
    expect((await find("q=alpha&types=folder", carol.token)).body.data).toEqual([
      expect.objectContaining({ name: "Alpha shared", context: "Folder · shared with the team" }),
    ]);
    expect((await find("q=robotics&types=saved_filter")).body.data).toEqual([
      expect.objectContaining({ type: "saved_filter", name: "Robotics in SF", context: "Saved filter" }),
    ]);
    expect((await find("q=robotics&types=saved_filter", bob.token)).body.data).toEqual([]);
  });

  it("finds founders only for an account with raw-data access", async () => {
    expect((await find("q=jonathan")).body.meta.types).not.toContain("founder");
    expect((await find("q=jonathan&types=founder")).status).toBe(403);
    const res = await find("q=jonathan", founderReader.token);
    expect(res.body.data).toEqual([
      { type: "founder", id: 501, name: "Jonathan Reyes", context: "Founder at a robotics company", match: "prefix" },
    ]);
    expect((await find("q=lopez", founderReader.token)).body.data).toEqual([
      { type: "founder", id: 502, name: "Maria Lopez", context: "Berlin, Germany", match: "word" },
    ]);
  });

  it("an OAuth token reaches participants only with participants:read", async () => {
    const app = await registerApp(t.db);
    const cardsOnly = (await tokensFor(t.db, as, app, alice.account.id, { scope: "cards:read", prompt: "consent" })).access_token;
    const res = await api("GET", "/autocomplete/?q=fund", { headers: bearer(cardsOnly) });
    expect(res.status).toBe(200);
    expect(res.body.meta.types).not.toContain("participant");
    expect((await api("GET", "/autocomplete/?q=fund&types=participant", { headers: bearer(cardsOnly) })).status).toBe(403);
    const both = (await tokensFor(t.db, as, app, alice.account.id, { scope: "cards:read participants:read", prompt: "consent" }))
      .access_token;
    expect(names((await api("GET", "/autocomplete/?q=fund&types=participant", { headers: bearer(both) })).body)).toEqual(["Fund A"]);
  });

  it("takes LIKE's wildcards literally and answers nothing for a query of no letters", async () => {
    expect((await find("q=%25")).body.data).toEqual([]);
    expect((await find("q=alp%25&types=card")).body.data).toEqual([]);
    expect((await find("q=alph_&types=card")).body.data).toEqual([]);
    expect((await find("q=%20%20")).status).toBe(400);
  });

  it("refuses bad input with a 400 naming the parameter", async () => {
    for (const query of ["", "q=a&limit=0", "q=a&types=company", "q=a&sort=name", `q=${"a".repeat(101)}`]) {
      const res = await find(query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe("validation_error");
    }
    expect((await find("q=a&limit=500")).status).toBe(200);
  });
});
