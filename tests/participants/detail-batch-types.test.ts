import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { seedParticipants, slugs } from "./fixture";

let t: TTestDb;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  t = await openTestDb();
  await seedParticipants(t.db);
  const a = await createAccount(t.db, { staff: true });
  tokenA = a.token;
  tokenB = (await createAccount(t.db, { staff: true })).token;
  await (await browserCaller(t.db, a.account.id)).participants.savedParticipants.save({ slug: "dana" });
});
afterAll(async () => t?.close());

const BASE_KEYS = [
  "slug",
  "name",
  "alt_name",
  "email",
  "image",
  "about",
  "type",
  "web3",
  "web2",
  "monthly_signals",
  "associated_with",
  "self_associated",
];

/** Every field of the spec's Participant with its type. */
function expectParticipantShape(p: any, extra: string[] = []) {
  expect(Object.keys(p).sort()).toEqual([...BASE_KEYS, ...extra].sort());
  for (const k of ["slug", "name", "type"]) expect(typeof p[k]).toBe("string");
  for (const k of ["alt_name", "email", "image", "about"]) expect(p[k] === null || typeof p[k] === "string").toBe(true);
  for (const k of ["web3", "web2", "self_associated"]) expect(typeof p[k]).toBe("boolean");
  expect(Number.isInteger(p.monthly_signals)).toBe(true);
  if (p.associated_with !== null) expect(Object.keys(p.associated_with).sort()).toEqual(["name", "slug"]);
  if (extra.includes("is_saved")) expect(typeof p.is_saved).toBe("boolean");
}

describe("fields", () => {
  it("list items have exactly the spec's fields", async () => {
    const r = await api("GET", "/participants/", { token: tokenA });
    for (const p of r.body.data) expectParticipantShape(p);
    const u = await api("GET", "/participants/?include_user_data=true", { token: tokenA });
    for (const p of u.body.data) expectParticipantShape(p, ["is_saved"]);
  });

  it("carries values, parent organisation and self_associated", async () => {
    const r = await api("GET", "/participants/batch/?slugs=acme,cedar,dana,hugo", { token: tokenA });
    const [acme, cedar, dana, hugo] = r.body.data;
    expect(acme).toEqual({
      slug: "acme",
      name: "Acme Ventures",
      alt_name: "Acme VC",
      email: "hello@acme.example",
      image: "https://img.example/acme.png",
      about: "Early stage fund for blockchain protocols",
      type: "fund",
      web3: true,
      web2: false,
      monthly_signals: 40,
      associated_with: null,
      self_associated: true,
    });
    expect([cedar.associated_with, cedar.self_associated]).toEqual([{ slug: "cedar", name: "Cedar Partners" }, true]);
    expect([dana.associated_with, dana.self_associated]).toEqual([{ slug: "acme", name: "Acme Ventures" }, false]);
    expect([hugo.associated_with, hugo.self_associated, hugo.type]).toEqual([
      { slug: "beacon", name: "Beacon Capital" },
      false,
      "investor",
    ]);
  });
});

describe("GET /v1/participants/<slug>/", () => {
  it("returns the participant with its sources", async () => {
    const r = await api("GET", "/participants/acme/", { token: tokenA });
    expect(r.status).toBe(200);
    expectParticipantShape(r.body.data, ["sources"]);
    expect(r.body.data.sources).toEqual([
      { slug: "acme-vc", type: "network_b", link: "https://network-b.example/acme-vc" },
      { slug: "acme", type: "network_a", link: "https://network-a.example/company/acme" },
    ]);
    expect(r.body.meta).toEqual({ include_user_data: false });
    const none = await api("GET", "/participants/elliot", { token: tokenA });
    expect(none.status).toBe(200);
    expect(none.body.data.sources).toEqual([]);
  });

  it("adds is_saved for the caller with include_user_data", async () => {
    const a = await api("GET", "/participants/dana/?include_user_data=true", { token: tokenA });
    expectParticipantShape(a.body.data, ["sources", "is_saved"]);
    expect(a.body.data.is_saved).toBe(true);
    expect(a.body.meta).toEqual({ include_user_data: true });
    const b = await api("GET", "/participants/dana/?include_user_data=true", { token: tokenB });
    expect(b.body.data.is_saved).toBe(false);
  });

  it.each([
    ["an unknown slug", "/participants/nope/"],
    ["another case", "/participants/ACME/"],
    ["a SQL-looking slug", "/participants/%27%20OR%201%3D1%20--/"],
    ["a 3000-character slug", `/participants/${"x".repeat(3000)}/`],
  ])("answers 404 not_found for %s", async (_label, path) => {
    const r = await api("GET", path, { token: tokenA });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "not_found", message: expect.any(String) });
  });

  it("refuses bad include_user_data and unknown parameters", async () => {
    expect((await api("GET", "/participants/acme/?include_user_data=perhaps", { token: tokenA })).status).toBe(400);
    const r = await api("GET", "/participants/acme/?sources=1", { token: tokenA });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe("validation_error");
  });
});

describe("GET /v1/participants/batch/", () => {
  it("returns known slugs in the given order, once, without the unknown ones", async () => {
    const r = await api("GET", "/participants/batch/?slugs=iris,nope,acme,iris,%20gamma%20", { token: tokenA });
    expect(r.status).toBe(200);
    expect(slugs(r.body)).toEqual(["iris", "acme", "gamma"]);
    for (const p of r.body.data) expectParticipantShape(p);
    expect(r.body.meta).toEqual({ total: 3, not_found: ["nope"], include_user_data: false });
  });

  it("adds is_saved per caller with include_user_data", async () => {
    const a = await api("GET", "/participants/batch/?slugs=dana,acme&include_user_data=1", { token: tokenA });
    expect(a.body.data.map((p: any) => [p.slug, p.is_saved])).toEqual([
      ["dana", true],
      ["acme", false],
    ]);
    const b = await api("GET", "/participants/batch/?slugs=dana&include_user_data=1", { token: tokenB });
    expect(b.body.data[0].is_saved).toBe(false);
  });

  it("accepts exactly 100 slugs and the repeated-key form", async () => {
    const hundred = ["acme", ...Array.from({ length: 99 }, (_, i) => `unknown-${i}`)];
    const r = await api("GET", `/participants/batch/?slugs=${hundred.join(",")}`, { token: tokenA });
    expect(r.status).toBe(200);
    expect(slugs(r.body)).toEqual(["acme"]);
    expect(r.body.meta.not_found).toHaveLength(99);
    const repeated = await api("GET", "/participants/batch/?slugs=acme&slugs=beacon", { token: tokenA });
    expect(slugs(repeated.body)).toEqual(["acme", "beacon"]);
  });

  it.each([
    ["without slugs", ""],
    ["with empty slugs", "slugs="],
    ["with only commas", "slugs=,,,"],
    ["with 101 slugs", `slugs=${Array.from({ length: 101 }, (_, i) => `s${i}`).join(",")}`],
    ["with an over-long slug", `slugs=${"x".repeat(201)}`],
  ])("answers 400 validation_error naming slugs %s", async (_label, query) => {
    const r = await api("GET", `/participants/batch/?${query}`, { token: tokenA });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "validation_error", message: expect.stringContaining("slugs") });
    expect(Object.keys(r.body.details)).toEqual([expect.stringMatching(/^slugs(\.\d+)?$/)]);
  });
});

describe("GET /v1/participants/types/", () => {
  it("lists the type slugs by name with a total", async () => {
    const r = await api("GET", "/participants/types/", { token: tokenA });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: [
        { slug: "accelerator", name: "Accelerator" },
        { slug: "angel", name: "Angel" },
        { slug: "founder", name: "Founder" },
        { slug: "fund", name: "Fund" },
        { slug: "investor", name: "Investor" },
      ],
      meta: { total: 5 },
    });
    expect((await api("GET", "/participants/types/?x=1", { token: tokenA })).status).toBe(400);
  });

  it("is matched before /participants/<slug>/, as is batch (adds rows: keep last in the file)", async () => {
    // Participants whose slugs are `types` and `batch` exist, yet the static endpoints answer.
    const type = await t.db.participantType.findUniqueOrThrow({ where: { slug: "fund" } });
    await t.db.participant.createMany({
      data: [
        { slug: "types", name: "Types Fund", typeId: type.id },
        { slug: "batch", name: "Batch Fund", typeId: type.id },
      ],
    });
    expect((await api("GET", "/participants/types/", { token: tokenA })).body.meta.total).toBe(5);
    const b = await api("GET", "/participants/batch/", { token: tokenA });
    expect(b.status).toBe(400);
    expect(b.body.details).toHaveProperty("slugs");
  });
});
