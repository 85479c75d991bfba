import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/api/rest/openapi";
import { ZCardListBody, ZCardListRequest } from "~/server/api/routers/cards/list.types";
import { SAVED_FILTER_KEYS } from "~/server/domain/cards/filter-keys";
import { ZCardFilterParams } from "~/server/domain/cards/filter-schema";

/** The card filter has one definition: the list's parameters and a saved filter's keys are read from it. */

const PAGING = ["limit", "offset", "include_total", "include_user_data", "filter_id"];

describe("card filter schema", () => {
  it("is the card list's parameters without paging, totals, user data and filter_id", () => {
    expect(Object.keys(ZCardListRequest.shape).filter((k) => !PAGING.includes(k))).toEqual(SAVED_FILTER_KEYS);
    expect(Object.keys(ZCardListBody.shape).filter((k) => !PAGING.includes(k))).toEqual(SAVED_FILTER_KEYS);
    expect(Object.keys(ZCardFilterParams.shape)).toEqual(SAVED_FILTER_KEYS);
  });

  it("names every query parameter of GET /v1/cards/ but paging, in the document's order", () => {
    const doc = openApiDocument("http://localhost:3000") as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }>;
    };
    const names = (doc.paths["/cards/"]?.get?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    expect(names.filter((n) => !PAGING.includes(n))).toEqual(SAVED_FILTER_KEYS);
  });

  it("validates a saved filter as the JSON body does: the same values pass and fail", () => {
    const good = { stages: ["seed"], folder_ids: [1], created_after: "2024-01-31", sort: "recent", fields: "id,name" };
    expect(ZCardFilterParams.parse(good)).toEqual(
      Object.fromEntries(Object.entries(ZCardListBody.parse(good)).filter(([k]) => !PAGING.includes(k))),
    );
    for (const bad of [{ stages: "seed" }, { sort: "nope:asc" }, { fields: ["nope"] }, { created_after: "2024-02-30" }, { page: 1 }]) {
      expect(ZCardFilterParams.safeParse(bad).success).toBe(false);
      expect(ZCardListBody.safeParse(bad).success).toBe(false);
    }
  });
});
