import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/server/env";
import { deliverDue, DeliveryPool } from "~/server/domain/webhooks/deliver";
import { claimDeliveries } from "~/server/domain/webhooks/queue";
import { api, createAccount } from "../helpers/api";
import { openTestDb, type TTestDb } from "../helpers/db";
import { Receiver } from "./receiver";

/**
 * Delivery from the durable queue to a local receiver (WEBHOOKS_ALLOW_PRIVATE=1) that verifies
 * every request with the standardwebhooks package: signing, retries with one webhook-id, a receiver
 * that is down, a worker that dies holding a lease, redirects, disabling and re-enabling.
 */

let t: TTestDb;
let token: string;
let rx: Receiver;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE = "1";
  resetEnvCache();
  t = await openTestDb();
  token = (await createAccount(t.db)).token;
});
afterAll(async () => {
  await t?.close();
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
});
beforeEach(async () => {
  rx = await new Receiver().start();
});
afterEach(async () => {
  await rx.stop();
});

async function endpoint(url = rx.url, events = ["radar.update.created"]) {
  const r = await api("POST", "/webhooks/", { token, body: { url, events } });
  expect(r.status).toBe(200);
  rx.secrets = [r.body.data.secret];
  return r.body.data as { id: number; secret: string };
}

/** Makes every pending retry of the endpoint due now (instead of waiting out the schedule). */
async function makeDue(endpointId: number) {
  await t.db.$executeRaw`UPDATE webhook_delivery SET next_attempt_at = now() WHERE endpoint_id = ${endpointId} AND status = 'pending'`;
}

async function log(endpointId: number) {
  const r = await api("GET", `/webhooks/${endpointId}/deliveries/`, { token });
  expect(r.status).toBe(200);
  return r.body.data as any[];
}

describe("delivery", () => {
  it("signs per Standard Webhooks and records the response", async () => {
    const ep = await endpoint();
    rx.answer = () => ({ status: 202, body: "accepted".repeat(300) });
    const test = await api("POST", `/webhooks/${ep.id}/test/`, { token });
    expect(test.body.data).toMatchObject({ event: "ping", status: "pending", attempts: 0 });
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(1);
    const got = rx.received[0]!;
    expect(got.verifiedWith).toBe(0);
    expect(got.headers["webhook-id"]).toBe(test.body.data.webhook_id);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.event).toMatchObject({ type: "ping", data: { endpoint_id: ep.id } });
    expect(new Date(got.event.timestamp).toISOString()).toBe(got.event.timestamp);
    const [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "succeeded", attempts: 1, response_status: 202, error: null });
    expect(d.response_body).toHaveLength(1024);
    expect(d.duration_ms).toBeGreaterThanOrEqual(0);
    expect(d.request.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(d.request.body).toEqual(got.event);
  });

  it("retries 500, 500, 200 with the same webhook-id, then succeeds", async () => {
    const ep = await endpoint();
    rx.answer = (n) => (n < 3 ? { status: 500, body: "boom" } : { status: 200 });
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    await deliverDue(t.db);
    let [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "pending", attempts: 1, response_status: 500, response_body: "boom" });
    const wait = new Date(d.next_attempt_at).getTime() - new Date(d.last_attempt_at).getTime();
    expect(wait).toBe(5000);
    await makeDue(ep.id);
    await deliverDue(t.db);
    [d] = await log(ep.id);
    expect(new Date(d.next_attempt_at).getTime() - new Date(d.last_attempt_at).getTime()).toBe(300_000);
    await makeDue(ep.id);
    await deliverDue(t.db);
    [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "succeeded", attempts: 3, response_status: 200 });
    expect(rx.received).toHaveLength(3);
    expect(new Set(rx.received.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(rx.received.every((r) => r.verifiedWith === 0)).toBe(true);
  });

  it("delivers everything once a receiver that was down is up", async () => {
    const port = rx.port;
    await rx.stop();
    const ep = await endpoint(`http://127.0.0.1:${port}/hook`);
    for (let i = 0; i < 3; i++) await api("POST", `/webhooks/${ep.id}/test/`, { token });
    await deliverDue(t.db);
    const failed = await log(ep.id);
    expect(failed.map((d) => d.status)).toEqual(["pending", "pending", "pending"]);
    expect(failed[0].error).toMatch(/connection failed/);
    rx = await new Receiver().start(port);
    rx.secrets = [ep.secret];
    await makeDue(ep.id);
    await deliverDue(t.db);
    expect((await log(ep.id)).map((d) => d.status)).toEqual(["succeeded", "succeeded", "succeeded"]);
    expect(rx.received).toHaveLength(3);
    expect(rx.received.every((r) => r.verifiedWith === 0)).toBe(true);
  });

  it("loses nothing when the delivering process dies holding the lease", async () => {
    const ep = await endpoint();
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    // A worker claims the delivery and dies before sending (its lease is never released).
    const claimed = await claimDeliveries(t.db, { limit: 10, perEndpoint: 10, leaseMs: 300 });
    expect(claimed.map((c) => c.endpoint_id)).toContain(ep.id);
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(0); // still leased: nobody else takes it
    await new Promise((r) => setTimeout(r, 400));
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.headers["webhook-id"]).toBe(claimed.find((c) => c.endpoint_id === ep.id)!.webhook_id);
    const [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("holds a delivery for at most 20 s after its worker stops renewing the lease", async () => {
    const ep = await endpoint();
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    const claimed = await claimDeliveries(t.db, { limit: 10, perEndpoint: 10 });
    const mine = claimed.find((c) => c.endpoint_id === ep.id)!;
    const [lease] = await t.db.$queryRaw<{ s: number }[]>`
      SELECT extract(epoch FROM locked_until - now())::float8 AS s FROM webhook_delivery WHERE id = ${mine.id}`;
    expect(lease!.s).toBeGreaterThan(15);
    expect(lease!.s).toBeLessThanOrEqual(20); // a crashed worker's delivery resumes within 30 s
    await t.db.$executeRaw`UPDATE webhook_delivery SET locked_until = now() - interval '1 second' WHERE id = ${mine.id}`;
    await deliverDue(t.db);
  });

  it("renews the lease of a delivery in flight: a slow receiver's delivery is not sent twice", async () => {
    const ep = await endpoint();
    rx.answer = () => ({ status: 200, delayMs: 1200 });
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    const pool = new DeliveryPool(t.db, { leaseMs: 300, renewEveryMs: 100, pollMs: 20 }).start();
    try {
      while (rx.received.length === 0) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, 600)); // twice the lease: kept only by renewals
      const other = await claimDeliveries(t.db, { limit: 10, perEndpoint: 10, leaseMs: 300 });
      expect(other.filter((c) => c.endpoint_id === ep.id)).toEqual([]);
    } finally {
      await pool.stop();
    }
    expect(rx.received).toHaveLength(1);
    const [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "succeeded", attempts: 1 });
  });

  it("does not follow a redirect: the attempt fails", async () => {
    const target = await new Receiver().start();
    try {
      const ep = await endpoint();
      rx.answer = () => ({ status: 302, headers: { location: target.url } });
      await api("POST", `/webhooks/${ep.id}/test/`, { token });
      await deliverDue(t.db);
      expect(target.received).toHaveLength(0);
      const [d] = await log(ep.id);
      expect(d).toMatchObject({ status: "pending", response_status: 302 });
      expect(d.error).toMatch(/redirect not followed/);
    } finally {
      await target.stop();
    }
  });

  it("gives up on a receiver that does not answer within the timeout", async () => {
    const ep = await endpoint();
    rx.answer = () => ({ status: 200, delayMs: 1000 });
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    await deliverDue(t.db, { timeoutMs: 200 });
    const [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "pending", response_status: null });
    expect(d.error).toMatch(/no answer within/);
  });

  it("fails a delivery for good after the last retry", async () => {
    const ep = await endpoint();
    rx.answer = () => ({ status: 503 });
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    for (let i = 0; i < 8; i++) {
      await makeDue(ep.id);
      await deliverDue(t.db);
    }
    const [d] = await log(ep.id);
    expect(d).toMatchObject({ status: "failed", attempts: 8, next_attempt_at: null });
    await makeDue(ep.id);
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(8);
  });

  it("disables an endpoint whose deliveries all failed for 5 days; re-enabling resumes", async () => {
    const ep = await endpoint();
    rx.answer = () => ({ status: 500 });
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    await deliverDue(t.db);
    expect((await api("GET", `/webhooks/${ep.id}/`, { token })).body.data.enabled).toBe(true);
    await t.db.$executeRaw`UPDATE webhook_endpoint SET failing_since = now() - interval '5 days 1 minute' WHERE id = ${ep.id}`;
    await makeDue(ep.id);
    await deliverDue(t.db);
    const disabled = (await api("GET", `/webhooks/${ep.id}/`, { token })).body.data;
    expect(disabled.enabled).toBe(false);
    expect(disabled.disabled_reason).toMatch(/every delivery failed for 5 days.*HTTP 500/);
    // Nothing is sent while disabled, even when due.
    await makeDue(ep.id);
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(2);
    rx.answer = () => ({ status: 200 });
    const on = await api("PATCH", `/webhooks/${ep.id}/`, { token, body: { enabled: true } });
    expect(on.body.data).toMatchObject({ enabled: true, disabled_reason: null });
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(3);
    expect((await log(ep.id))[0]).toMatchObject({ status: "succeeded", attempts: 3 });
  });

  it("signs with both secrets for a day after a rotation", async () => {
    const ep = await endpoint();
    const rotated = await api("POST", `/webhooks/${ep.id}/rotate-secret/`, { token });
    const fresh = rotated.body.data.secret as string;
    rx.secrets = [fresh];
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    rx.secrets = [ep.secret];
    await deliverDue(t.db);
    expect(rx.received[0]!.verifiedWith).toBe(0); // the old secret still verifies
    expect(String(rx.received[0]!.headers["webhook-signature"]).split(" ")).toHaveLength(2);
    rx.secrets = [fresh];
    await api("POST", `/webhooks/${ep.id}/test/`, { token });
    await deliverDue(t.db);
    expect(rx.received[1]!.verifiedWith).toBe(0); // and the new one
  });

  it("redelivers with the same body and webhook-id", async () => {
    const ep = await endpoint();
    const test = await api("POST", `/webhooks/${ep.id}/test/`, { token });
    await deliverDue(t.db);
    const again = await api("POST", `/webhooks/${ep.id}/deliveries/${test.body.data.id}/redeliver/`, { token });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: "pending", webhook_id: test.body.data.webhook_id, event: "ping" });
    await deliverDue(t.db);
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1]!.body).toBe(rx.received[0]!.body);
    expect(rx.received[1]!.verifiedWith).toBe(0);
    const page = await api("GET", `/webhooks/${ep.id}/deliveries/?limit=1&status=succeeded`, { token });
    expect(page.body.pagination).toEqual({ limit: 1, offset: 0, total: 2, has_next: true });
  });

  it("never lets a slow receiver delay another endpoint", async () => {
    const slowRx = await new Receiver().start();
    slowRx.answer = () => ({ status: 200, delayMs: 1500 });
    try {
      const slowEp = await api("POST", "/webhooks/", { token, body: { url: slowRx.url, events: ["radar.update.created"] } });
      const fast = await endpoint();
      for (let i = 0; i < 10; i++) await api("POST", `/webhooks/${slowEp.body.data.id}/test/`, { token });
      for (let i = 0; i < 5; i++) await api("POST", `/webhooks/${fast.id}/test/`, { token });
      const started = Date.now();
      const pool = new DeliveryPool(t.db, { concurrency: 8, perEndpoint: 2, pollMs: 20 }).start();
      while (rx.received.length < 5 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
      const fastDone = Date.now() - started;
      const slowInFlight = slowRx.received.length;
      await pool.stop();
      expect(rx.received).toHaveLength(5);
      expect(fastDone).toBeLessThan(1000); // before the first slow reply (1.5 s)
      expect(slowInFlight).toBeLessThanOrEqual(2); // the slow endpoint holds at most its 2 slots
      await api("DELETE", `/webhooks/${slowEp.body.data.id}/`, { token });
    } finally {
      await slowRx.stop();
    }
  });
});
