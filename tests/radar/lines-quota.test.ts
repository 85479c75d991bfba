import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBulkItem } from "~/server/domain/radar/identifiers";
import { AppError } from "~/server/lib/errors";
import { api } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { networkAProfile, processAll, radarAccount } from "./fixtures";

/**
 * A pasted line that cannot be a profile of the chosen network is refused at once with its reason
 * (the same rule for one create and for each bulk item), and a failed application holds no quota
 * place: Retry takes one again, refused with tracking_limit_reached when none is free.
 */

/** The message a line is refused with, or null when it is accepted. */
function refusal(source: "network_a" | "network_b", item: Record<string, unknown>): string | null {
  try {
    parseBulkItem(source, item);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.message;
    throw err;
  }
}

describe("radar line validation (server/domain/radar/identifiers.ts)", () => {
  it("accepts profiles of the chosen network: its host or a subdomain, the profile's path form", () => {
    expect(refusal("network_a", { network_a_url: "https://network-a.example/in/ada-lovelace" })).toBeNull();
    expect(refusal("network_a", { network_a_url: "https://www.network-a.example/in/ada-lovelace/?trk=x" })).toBeNull();
    expect(refusal("network_b", { network_b_url: "https://network-b.example/@ines" })).toBeNull();
    expect(refusal("network_b", { network_b_url: "https://mobile.network-b.example/ines" })).toBeNull();
    expect(parseBulkItem("network_a", { network_a_url: "https://NETWORK-A.example/in/Ada" }).identityKey).toBe("slug:ada");
  });

  it("refuses a URL of the other network, naming that network", () => {
    const m = refusal("network_a", { network_a_url: "https://network-b.example/in/ines" });
    expect(m).toContain("network_a_url");
    expect(m).toContain("other network");
    expect(refusal("network_b", { network_b_url: "https://network-a.example/ines" })).toContain("other network");
  });

  it("refuses a URL of another site, naming the expected host", () => {
    const m = refusal("network_a", { network_a_url: "https://evil.example/in/ada" });
    expect(m).toContain("network-a.example");
    expect(m).toContain("evil.example");
    // A host that only ends with the network's name is not a subdomain of it.
    expect(refusal("network_a", { network_a_url: "https://notnetwork-a.example/in/ada" })).toContain("notnetwork-a.example");
  });

  it("refuses what is not a profile: a company page, a bare host, a post, a malformed line", () => {
    expect(refusal("network_a", { network_a_url: "https://network-a.example/company/acme" })).toContain("/in/");
    expect(refusal("network_a", { network_a_url: "https://network-a.example/" })).toContain("/in/");
    expect(refusal("network_a", { network_a_url: "https://network-a.example/in/ada/details/skills" })).toContain("/in/");
    expect(refusal("network_b", { network_b_url: "https://network-b.example/ines/status/1" })).toContain("<username>");
    expect(refusal("network_a", { network_a_url: "https://exa mple/in/x" })).toContain("valid http(s) profile URL");
    expect(refusal("network_a", { username: "two words" })).toContain("username");
  });
});

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
  for (const slug of ["q1", "q2"]) await networkAProfile(t.db, { slug, name: `Person ${slug}` });
});
afterAll(async () => {
  await t?.close();
});

describe("REST bulk answers the same per-line refusals", () => {
  it("refuses each bad line with its reason and creates only the good ones", async () => {
    const { token, id } = await radarAccount(t.db, { a: 5 });
    const r = await api("POST", "/radar/applications/bulk/", {
      token,
      body: {
        source: "network_a",
        applications: [
          { network_a_url: "https://network-a.example/in/q1" },
          { network_a_url: "https://network-b.example/ines" },
          { network_a_url: "https://elsewhere.example/in/q2" },
          { network_a_url: "https://network-a.example/company/acme" },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.created.map((c: { index: number }) => c.index)).toEqual([0]);
    const errors = r.body.data.errors as { index: number; error: string; message: string }[];
    expect(errors.map((e) => [e.index, e.error])).toEqual([
      [1, "validation_error"],
      [2, "validation_error"],
      [3, "validation_error"],
    ]);
    expect(errors[0]!.message).toContain("other network");
    expect(errors[1]!.message).toContain("elsewhere.example");
    expect(r.body.quota.network_a.used).toBe(1);
    expect(await t.db.radarApplication.count({ where: { accountId: id } })).toBe(1);
    // The single create refuses the same line with the same reason.
    const one = await api("POST", "/radar/applications/", {
      token,
      body: { source: "network_a", network_a_url: "https://network-b.example/ines" },
    });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ error: "validation_error", message: errors[0]!.message });
  });
});

describe("quota of failed applications", () => {
  it("a failed application holds no place; Retry takes one again and is refused when none is left", async () => {
    const { token } = await radarAccount(t.db, { a: 2 });
    const quota = async () => (await api("GET", "/radar/quota/", { token })).body.data.network_a;
    const missing = await api("POST", "/radar/applications/", { token, body: { source: "network_a", username: "nobody-here" } });
    expect(missing.body.quota.network_a).toEqual({ limit: 2, used: 1, remaining: 1 });
    await processAll(t.db);
    const statusOf = async () =>
      ((await api("GET", "/radar/applications/network_a/", { token })).body.data as { id: number; init_status: string }[]).find(
        (a) => a.id === missing.body.data.id,
      )?.init_status;
    expect(await statusOf()).toBe("failed");
    expect(await quota()).toEqual({ limit: 2, used: 0, remaining: 2 });

    // With a free place, Retry queues it again and takes the place.
    const retried = await api("POST", `/radar/applications/network_a/${missing.body.data.id}/retry/`, { token });
    expect(retried.status).toBe(200);
    expect(retried.body.data.init_status).toBe("pending");
    expect(await quota()).toEqual({ limit: 2, used: 1, remaining: 1 });
    await processAll(t.db);
    expect(await quota()).toEqual({ limit: 2, used: 0, remaining: 2 });

    // The places taken by others meanwhile: Retry is refused and the application stays failed.
    for (const username of ["q1", "q2"]) {
      expect((await api("POST", "/radar/applications/", { token, body: { source: "network_a", username } })).status).toBe(200);
    }
    expect(await quota()).toEqual({ limit: 2, used: 2, remaining: 0 });
    const refused = await api("POST", `/radar/applications/network_a/${missing.body.data.id}/retry/`, { token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: "tracking_limit_reached", message: expect.stringContaining("2") });
    expect(await statusOf()).toBe("failed");
    expect(await quota()).toEqual({ limit: 2, used: 2, remaining: 0 });
  });
});
