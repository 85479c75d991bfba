import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller } from "../helpers/trpc";
import { seedParticipants, slugs } from "./fixture";

let t: TTestDb;
let a: Awaited<ReturnType<typeof browserCaller>>;
let b: Awaited<ReturnType<typeof browserCaller>>;
beforeAll(async () => {
  t = await openTestDb();
  await seedParticipants(t.db);
  a = await browserCaller(t.db, (await createAccount(t.db)).account.id);
  b = await browserCaller(t.db, (await createAccount(t.db)).account.id);
});
afterAll(async () => t?.close());

describe("saved participants (browser procedures)", () => {
  it("saves, lists and unsaves for the signed-in account only", async () => {
    expect(await a.participants.savedParticipants.save({ slug: "iris" })).toEqual({ data: { slug: "iris", is_saved: true } });
    await a.participants.savedParticipants.save({ slug: "cedar" });
    await a.participants.savedParticipants.save({ slug: "iris" }); // idempotent
    await b.participants.savedParticipants.save({ slug: "gamma" });

    const listA = await a.participants.savedParticipants.list({});
    expect(slugs(listA)).toEqual(["cedar", "iris"]);
    expect(listA.data.every((p) => p.is_saved === true)).toBe(true);
    expect(listA.pagination).toEqual({ limit: 50, offset: 0, total: 2, has_next: false });
    expect(slugs(await b.participants.savedParticipants.list({}))).toEqual(["gamma"]);

    // The same list parameters apply inside the saved set.
    expect(slugs(await a.participants.savedParticipants.list({ sort: "most_active" }))).toEqual(["iris", "cedar"]);
    expect(slugs(await a.participants.savedParticipants.list({ search: "climate" }))).toEqual(["cedar"]);
    expect(slugs(await a.participants.savedParticipants.list({ type: "fund", limit: 1, offset: 1 }))).toEqual(["iris"]);

    expect(await a.participants.savedParticipants.unsave({ slug: "iris" })).toEqual({ data: { slug: "iris", is_saved: false } });
    await a.participants.savedParticipants.unsave({ slug: "iris" }); // idempotent
    expect(slugs(await a.participants.savedParticipants.list({}))).toEqual(["cedar"]);
  });

  it("cannot remove another account's saved participant", async () => {
    await b.participants.savedParticipants.unsave({ slug: "cedar" }); // A's, not B's
    expect(slugs(await a.participants.savedParticipants.list({}))).toContain("cedar");
    expect(slugs(await b.participants.savedParticipants.list({}))).toEqual(["gamma"]);
  });

  it("reads the saved state through the list procedure with the same isolation", async () => {
    const listA = await a.participants.list({ saved_only: true, include_user_data: true });
    expect(slugs(listA)).toEqual(["cedar"]);
    const allB = await b.participants.list({ include_user_data: true });
    expect(allB.data.filter((p) => p.is_saved).map((p) => p.slug)).toEqual(["gamma"]);
  });

  it("answers not_found for an unknown slug and refuses bad input", async () => {
    await expect(a.participants.savedParticipants.save({ slug: "nope" })).rejects.toMatchObject({ cause: { code: "not_found" } });
    await expect(a.participants.savedParticipants.unsave({ slug: "nope" })).rejects.toMatchObject({ cause: { code: "not_found" } });
    await expect(a.participants.savedParticipants.save({ slug: "" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(a.participants.savedParticipants.save({ slug: "a\0b" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(a.participants.savedParticipants.save({ slug: "acme", extra: 1 } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("is closed to collections-only accounts", async () => {
    const limited = await browserCaller(t.db, (await createAccount(t.db, { scope: "collections_only" })).account.id);
    await expect(limited.participants.savedParticipants.save({ slug: "acme" })).rejects.toMatchObject({
      cause: { code: "permission_denied" },
    });
    await expect(limited.participants.savedParticipants.list({})).rejects.toMatchObject({ cause: { code: "permission_denied" } });
  });
});
