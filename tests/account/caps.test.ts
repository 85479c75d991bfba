import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAPS } from "~/server/domain/accounts/caps";
import { resetEnvCache } from "~/server/env";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { browserUser, failure } from "../helpers/trpc";

/**
 * Per-account caps hold under parallel creates: 40 at once end with exactly the cap (20 webhook
 * endpoints, 100 saved filters, 500 folders), the others refused with 400 validation_error.
 */

let t: TTestDb;
beforeAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const PARALLEL = 40;

describe("caps under parallel creates", () => {
  it("webhook endpoints: 40 parallel POST /v1/webhooks/ leave exactly 20", async () => {
    const { token } = await createAccount(t.db);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        api("POST", "/webhooks/", { token, body: { url: `https://93.184.215.14/hook/${i}`, events: ["radar.update.created"] } }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(CAPS.webhookEndpoints);
    const refused = answers.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(PARALLEL - CAPS.webhookEndpoints);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ error: "validation_error", message: "url: an account can have at most 20 webhook endpoints" });
    }
    expect((await api("GET", "/webhooks/", { token })).body.meta.total).toBe(CAPS.webhookEndpoints);
  });

  it("saved filters: at most 100 per account, also when created in parallel", async () => {
    const user = await browserUser(t.db);
    const accountId = user.account.id;
    const prefilled = CAPS.savedFilters - PARALLEL / 2;
    await t.db.savedFilter.createMany({ data: Array.from({ length: prefilled }, (_, i) => ({ accountId, name: `pre ${i}`, params: {} })) });
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        failure(user.ui.user.filters.create({ name: `parallel ${i}`, params: { stages: ["seed"] } })),
      ),
    );
    expect(outcomes.filter((o) => o === "no error")).toHaveLength(PARALLEL / 2);
    expect(outcomes.filter((o) => o === "validation_error")).toHaveLength(PARALLEL / 2);
    expect(await t.db.savedFilter.count({ where: { accountId } })).toBe(CAPS.savedFilters);
    // The workspace's other create path is capped too; another account is not affected.
    expect(await failure(user.ui.user.filters.createFromQuery({ name: "from the URL", query: { stages: "seed" } }))).toBe(
      "validation_error",
    );
    const other = await browserUser(t.db);
    expect(await failure(other.ui.user.filters.create({ name: "mine", params: {} }))).toBe("no error");
  });

  it("folders: at most 500 per account, also when created in parallel", async () => {
    const user = await browserUser(t.db);
    const accountId = user.account.id;
    const prefilled = CAPS.folders - PARALLEL / 2;
    await t.db.folder.createMany({ data: Array.from({ length: prefilled }, (_, i) => ({ accountId, name: `pre ${i}` })) });
    const outcomes = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => failure(user.ui.user.folders.create({ name: `parallel ${i}` }))),
    );
    expect(outcomes.filter((o) => o === "no error")).toHaveLength(PARALLEL / 2);
    expect(outcomes.filter((o) => o === "validation_error")).toHaveLength(PARALLEL / 2);
    expect(await t.db.folder.count({ where: { accountId } })).toBe(CAPS.folders);
    // Deleting one makes room for one.
    const one = await t.db.folder.findFirstOrThrow({ where: { accountId } });
    await user.ui.user.folders.delete({ id: one.id });
    expect(await failure(user.ui.user.folders.create({ name: "room again" }))).toBe("no error");
    expect(await failure(user.ui.user.folders.create({ name: "no room" }))).toBe("validation_error");
  });
});
