import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { day, insertProfiles, rawDataAccount } from "./fixtures";

/** The spec's Network profile: every field, its type, and its null and empty rules. */

let t: TTestDb;
let token: string;

beforeAll(async () => {
  t = await openTestDb();
  token = (await rawDataAccount(t.db)).token;
  await insertProfiles(t.db, [
    {
      id: 1,
      name: "Ada Lovelace",
      headline: "Founder at Engines",
      summary: "Building analytical engines",
      location: "London, United Kingdom",
      url: "https://network-a.example/in/ACoAA1",
      urn: "ACoAA1",
      imageUrl: "https://media.example/ada.jpg",
      classification: "strong_potential_founder",
      path: "declared_founder",
      status: "came_out_of_stealth",
      outOfStealthDate: new Date("2024-03-01T09:30:00.250Z"),
      education: [{ school: "Home", degree: "Mathematics" }],
      experience: [
        { title: "CEO", company: "Engines", startDate: "2023-05-01", endDate: null },
        { title: "Analyst", company: "Babbage", startDate: "2019-02-03T00:00:00Z", endDate: "2021-06" },
      ],
      notableAchievements: "First program",
      newCompany: { name: "Engines", description: "Compute", website: "https://engines.example", logo: null, network_a_url: null },
      tags: ["babbage", "cambridge"],
    },
    { id: 2, name: "Bare Minimum", url: null },
    { id: 3, name: "Empty Company", newCompany: { name: null, description: "", website: null, logo: null, network_a_url: null } },
  ]);
  // Microseconds survive storage; the JS Date used by Prisma would drop them.
  await t.db
    .$executeRaw`UPDATE profile SET created_at = '2024-02-03T04:05:06.123456Z', updated_at = '2024-02-04T00:00:00.000001Z' WHERE id = 1`;
});
afterAll(async () => {
  await t?.close();
});

describe("network profile format", () => {
  it("returns every field of a complete profile", async () => {
    const r = await api("GET", "/network_a/profiles/1/", { token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: {
        id: 1,
        name: "Ada Lovelace",
        headline: "Founder at Engines",
        summary: "Building analytical engines",
        location: "London, United Kingdom",
        network_a: { url: "https://network-a.example/in/ACoAA1", image_url: "https://media.example/ada.jpg", urn: "ACoAA1" },
        classification: "strong_potential_founder",
        path: "declared_founder",
        status: "came_out_of_stealth",
        out_of_stealth_date: "2024-03-01T09:30:00.250000Z",
        education: [{ school: "Home", degree: "Mathematics" }],
        experience: [
          { title: "CEO", company: "Engines", startDate: "2023-05-01", endDate: null },
          { title: "Analyst", company: "Babbage", startDate: "2019-02-03", endDate: "2021-06-01" },
        ],
        notable_achievements: "First program",
        new_company: { name: "Engines", description: "Compute", website: "https://engines.example", logo: null, network_a_url: null },
        tags: ["babbage", "cambridge"],
        created_at: "2024-02-03T04:05:06.123456Z",
        updated_at: "2024-02-04T00:00:00.000001Z",
      },
    });
    expect(Object.keys(r.body.data)).toEqual([
      "id",
      "name",
      "headline",
      "summary",
      "location",
      "network_a",
      "classification",
      "path",
      "status",
      "out_of_stealth_date",
      "education",
      "experience",
      "notable_achievements",
      "new_company",
      "tags",
      "created_at",
      "updated_at",
    ]);
  });

  it("gives null, empty arrays and a null company for a profile with nothing known", async () => {
    const r = await api("GET", "/network_a/profiles/2/", { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      id: 2,
      name: "Bare Minimum",
      headline: null,
      summary: null,
      location: null,
      network_a: { url: null, image_url: null, urn: null },
      classification: null,
      path: null,
      status: null,
      out_of_stealth_date: null,
      education: [],
      experience: [],
      notable_achievements: null,
      new_company: null,
      tags: [],
      created_at: day(2)
        .toISOString()
        .replace(/\.(\d{3})Z$/, ".$1000Z"),
      updated_at: day(2)
        .toISOString()
        .replace(/\.(\d{3})Z$/, ".$1000Z"),
    });
  });

  it("reports company data that is all empty as null", async () => {
    const r = await api("GET", "/network_a/profiles/3/", { token });
    expect(r.body.data.new_company).toBeNull();
  });

  it("formats list items exactly like the detail", async () => {
    const list = await api("GET", "/network_a/profiles/?sort=name:asc", { token });
    expect(list.status).toBe(200);
    const detail = await api("GET", "/network_a/profiles/1/", { token });
    expect(list.body.data.find((p: { id: number }) => p.id === 1)).toEqual(detail.body.data);
    for (const p of list.body.data) expect(p.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });
});

describe("profile detail", () => {
  it.each(["999", "0", "abc", "-1", "1.5", "1e3", "99999999999", "%20", "1;DROP TABLE profile", "０１"])(
    "answers 404 not_found for the id %j",
    async (id) => {
      const r = await api("GET", `/network_a/profiles/${encodeURIComponent(id)}/`, { token });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ error: "not_found", message: expect.any(String) });
    },
  );

  it("ignores query parameters, like the list does", async () => {
    const r = await api("GET", "/network_a/profiles/1/?fields=all&id=2", { token });
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(1);
  });

  it("serves the path without its trailing slash too", async () => {
    const r = await api("GET", "/network_a/profiles/1", { token });
    expect(r.status).toBe(200);
    expect(r.body.data.id).toBe(1);
  });
});
