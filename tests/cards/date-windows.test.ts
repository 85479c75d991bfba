import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lowerBound, windowStart } from "~/server/domain/cards/date-windows";
import { ZCardFilterParams } from "~/server/domain/cards/filter-schema";
import { ZCardListRequest } from "~/server/api/routers/cards/list.types";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserCaller, failure } from "../helpers/trpc";
import { seedCards, slugsOf } from "./fixture";

/** Rolling date windows (`*_within_days`): resolved at each request, kept as windows in saved filters. */

const DAY = 86_400_000;
const dayBefore = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

describe("window resolution", () => {
  const now = new Date("2026-11-26T20:57:25Z");

  it("starts at 00:00 UTC of the day N days before today", () => {
    expect(windowStart(7, now).toISOString()).toBe("2026-11-19T00:00:00.000Z");
    expect(windowStart(30, now).toISOString()).toBe("2026-10-27T00:00:00.000Z");
    expect(windowStart(1, new Date("2026-03-01T00:00:00Z")).toISOString()).toBe("2026-02-28T00:00:00.000Z");
  });

  it("moves with today: the same window gives a later day tomorrow", () => {
    const tomorrow = new Date(now.getTime() + DAY);
    expect(windowStart(30, tomorrow).getTime() - windowStart(30, now).getTime()).toBe(DAY);
  });

  it("keeps the later of an explicit lower bound and the window", () => {
    const early = new Date("2026-01-01T00:00:00Z");
    const late = new Date("2026-11-25T00:00:00Z");
    expect(lowerBound(early, 7, now)).toEqual(windowStart(7, now));
    expect(lowerBound(late, 7, now)).toEqual(late);
    expect(lowerBound(early, undefined, now)).toEqual(early);
    expect(lowerBound(undefined, undefined, now)).toBeUndefined();
  });
});

describe("saved filter schema with windows", () => {
  it("stores a window as a number of days (JSON form) and reads it from a query string", () => {
    expect(ZCardFilterParams.parse({ last_interaction_within_days: 30, created_within_days: 7 })).toEqual({
      last_interaction_within_days: 30,
      created_within_days: 7,
    });
    expect(ZCardListRequest.parse({ updated_within_days: "90" }).updated_within_days).toBe(90);
  });

  it.each([0, -1, 3651, 1.5, "30", null, "last 30 days"])("refuses the window %j", (bad) => {
    expect(ZCardFilterParams.safeParse({ created_within_days: bad }).success).toBe(false);
  });
});

describe("windows over REST and through filter_id", () => {
  let t: TTestDb;
  let token: string;
  let accountId: number;

  beforeAll(async () => {
    t = await openTestDb();
    await seedCards(t.db);
    const a = await createAccount(t.db, { plan: "unlimited" });
    token = a.token;
    accountId = a.account.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query: string) => {
    const r = await api("GET", `/cards/?limit=100&${query}`, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return slugsOf(r.body);
  };

  it("is the *_after date N days before today", async () => {
    for (const [field, days] of [
      ["created", 7],
      ["updated", 3],
      ["last_interaction", 1000],
      ["first_interaction", 1200],
    ] as const) {
      const windowed = await list(`${field}_within_days=${days}`);
      expect(windowed).toEqual(await list(`${field}_after=${dayBefore(days)}`));
    }
    expect(await list("created_within_days=7")).toEqual(["zeta"]);
    // With the field's date too, both hold.
    expect(await list("created_within_days=3650&created_after=2024-05-10")).toEqual(await list("created_after=2024-05-10"));
  });

  it.each(["created_within_days=0", "updated_within_days=3651", "last_interaction_within_days=abc", "first_interaction_within_days=2.5"])(
    "answers %s with 400 validation_error naming the parameter",
    async (query) => {
      const r = await api("GET", `/cards/?${query}`, { token });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", message: expect.stringContaining(query.split("=")[0]!) });
    },
  );

  it("refuses a bad window in a POST body and when saving a filter", async () => {
    const r = await api("POST", "/cards/", { token, body: { created_within_days: "7" } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: "validation_error" });
    const ui = await browserCaller(t.db, accountId);
    expect(await failure(ui.user.filters.createFromQuery({ name: "Bad", query: { created_within_days: "0" } }))).toBe("validation_error");
    expect(await failure(ui.user.filters.create({ name: "Bad", params: { created_within_days: 99999 } }))).toBe("validation_error");
  });

  it("keeps the window in a saved filter and resolves it at each filter_id request", async () => {
    const ui = await browserCaller(t.db, accountId);
    const saved = await ui.user.filters.createFromQuery({
      name: "Last 30 days",
      query: { last_interaction_within_days: "30", sort: "name:asc" },
    });
    expect(saved.params).toEqual({ last_interaction_within_days: 30, sort: "name:asc" });
    const rest = await api("GET", "/cards/filters/", { token });
    expect(rest.body.data.find((f: { id: number }) => f.id === saved.id).params).toEqual({
      last_interaction_within_days: 30,
      sort: "name:asc",
    });

    const wide = await ui.user.filters.createFromQuery({ name: "Added lately", query: { created_within_days: "900" } });
    expect(await list(`filter_id=${wide.id}`)).toEqual(await list(`created_after=${dayBefore(900)}`));
    // An explicit lower bound on the same field replaces the saved window; another field's adds to it.
    expect(await list(`filter_id=${wide.id}&created_after=2024-01-01`)).toEqual(await list("created_after=2024-01-01"));
    expect(await list(`filter_id=${wide.id}&created_within_days=7`)).toEqual(["zeta"]);
    expect(await list(`filter_id=${wide.id}&updated_within_days=3`)).toEqual(
      await list(`created_after=${dayBefore(900)}&updated_after=${dayBefore(3)}`),
    );
  });
});
