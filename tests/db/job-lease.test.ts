import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepLeases, LEASE_MS, releaseLeases, whileLeased } from "~/server/domain/jobs/lease";
import { claim, complete, enqueue, renewJobs } from "~/server/domain/jobs/queue";
import { stopWithin } from "~/server/workers";
import { openTestDb, type TTestDb } from "../helpers/db";

/** The job queue's leases: short, renewed while the job runs, taken over once a worker stops renewing. */

let t: TTestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe("job leases", () => {
  it("lease a claimed job for 20 s: a crashed worker's job is claimed again within 30 s", async () => {
    await enqueue(t.db, "lease-a", { n: 1 });
    const [job] = await claim(t.db, "lease-a", 1, LEASE_MS);
    const [r] = await t.db.$queryRaw<
      { s: number }[]
    >`SELECT extract(epoch FROM lease_until - now())::float8 AS s FROM job WHERE id = ${job!.id}`;
    expect(r!.s).toBeGreaterThan(15);
    expect(r!.s).toBeLessThanOrEqual(20);
    await complete(t.db, [job!.id]);
  });

  it("a job whose worker renews is not taken twice; once renewals stop, another worker takes it", async () => {
    await enqueue(t.db, "lease-b", { n: 1 });
    const [job] = await claim(t.db, "lease-b", 1, 300);
    const seenMeanwhile = await whileLeased(
      "lease-b",
      (until) => renewJobs(t.db, [job!], until),
      { leaseMs: 300, renewEveryMs: 100 },
      async () => {
        await sleep(900); // three leases long
        return claim(t.db, "lease-b", 1, 300);
      },
    );
    expect(seenMeanwhile).toEqual([]);
    // The worker stopped renewing without completing (a crash): the job is free once the lease passes.
    await sleep(400);
    const [again] = await claim(t.db, "lease-b", 1, 300);
    expect(again).toMatchObject({ id: job!.id, attempts: 2 });
    // The first claim's renewals no longer touch it (its attempt is no longer the job's).
    await renewJobs(t.db, [job!], new Date(Date.now() + 3_600_000));
    const [r] = await t.db.$queryRaw<
      { s: number }[]
    >`SELECT extract(epoch FROM lease_until - now())::float8 AS s FROM job WHERE id = ${job!.id}`;
    expect(r!.s).toBeLessThan(1);
  });

  it("a stopping process gives its claims back at once: another worker takes the job without waiting out the lease", async () => {
    await enqueue(t.db, "lease-c", { n: 1 });
    const [job] = await claim(t.db, "lease-c", 1, LEASE_MS);
    const stopRenewing = keepLeases("lease-c", (until) => renewJobs(t.db, [job!], until));
    expect(await claim(t.db, "lease-c", 1, LEASE_MS)).toEqual([]); // held for 20 s
    expect(await releaseLeases()).toBe(1);
    const [again] = await claim(t.db, "lease-c", 1, LEASE_MS);
    expect(again).toMatchObject({ id: job!.id, attempts: 2 });
    await stopRenewing(); // the holder's own stop after a release changes nothing
    expect(await releaseLeases()).toBe(0);
    await complete(t.db, [again!.id]);
  });

  it("stopping the loops waits for the batch in hand, up to a grace period; then, or at a second signal, the claims go back", async () => {
    expect(await stopWithin([() => sleep(50)], 2_000)).toBe("finished");

    await enqueue(t.db, "lease-d", { n: 1 });
    const [job] = await claim(t.db, "lease-d", 1, LEASE_MS);
    const stuck = () =>
      whileLeased(
        "lease-d",
        (until) => renewJobs(t.db, [job!], until),
        {},
        () => sleep(5_000),
      );
    const working = stuck();
    const started = Date.now();
    expect(await stopWithin([() => working], 300)).toBe("released");
    expect(Date.now() - started).toBeLessThan(2_000);
    const [again] = await claim(t.db, "lease-d", 1, LEASE_MS);
    expect(again).toMatchObject({ id: job!.id, attempts: 2 });
    await complete(t.db, [again!.id]);

    await enqueue(t.db, "lease-e", { n: 1 });
    const [other] = await claim(t.db, "lease-e", 1, LEASE_MS);
    const held = whileLeased(
      "lease-e",
      (until) => renewJobs(t.db, [other!], until),
      {},
      () => sleep(5_000),
    );
    expect(await stopWithin([() => held], 60_000, sleep(100))).toBe("released");
    expect(await claim(t.db, "lease-e", 1, LEASE_MS)).toHaveLength(1);
    await Promise.all([working, held]);
  });
});
