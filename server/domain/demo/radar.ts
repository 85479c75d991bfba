import type { TDb } from "~/server/db/client";
import { setConnectionTracking } from "../radar/connections";
import { datasetConnector, type TConnector, type TConnectorResult } from "../radar/connectors";
import { createApplications } from "../radar/create";
import { parseBulkItem } from "../radar/identifiers";
import { drainApplications } from "../radar/process";
import { refreshDue } from "../radar/refresh";
import type { TNetworkASnapshot, TNetworkBSnapshot, TSnapshot, TSource } from "../radar/types";
import { networkBUsername } from "./network-b";

/**
 * The demo account's radar: profiles followed on both networks, processed and refreshed through
 * the radar's own paths (create, worker, refresh with change detection), so that /radar and
 * /radar/updates show real content on a fresh installation.
 *
 * The profiles are taken from the demo dataset. Their history is played back: the applications
 * are processed against an earlier state of each profile (another position, headline or bio), then
 * two refreshes move them to an intermediate state and to the dataset's current one; each change
 * becomes an update through the usual diff. The last state is the dataset's, so a later scheduled
 * refresh finds nothing to report. Each round's updates are dated back (weeks ago, then days ago)
 * so the feed spans a few weeks. Also: one application that fails (no such profile), one idle
 * (not tracked) application and one connection whose tracking is off.
 *
 * Deterministic (the dataset is), a few seconds. The queue and refresh steps process every pending
 * application and tracked connection, which on a fresh installation are the demo account's only.
 */

const NETWORK_A_FOLLOWED = 12;
const NETWORK_B_FOLLOWED = 6;
/** Days back of the first and second round of updates. */
const ROUND_DAYS = [24, 5];
export const DEMO_MISSING_PROFILE = "no_such_profile_demo";

export interface TDemoRadarReport {
  connections: number;
  updates: number;
  failed: number;
}

type TStage = 0 | 1;

/**
 * Which fields of network_a profile `k` are still at their earlier value, per stage: [headline, career].
 * Stage 0 has both earlier; the two refreshes then report, by k % 4: headline then career; nothing
 * then both at once (combined); career then headline; both at once then nothing.
 */
const PLANS: [boolean, boolean][][] = [
  [
    [true, true],
    [false, true],
  ],
  [
    [true, true],
    [true, true],
  ],
  [
    [true, true],
    [true, false],
  ],
  [
    [true, true],
    [false, false],
  ],
];

/** An earlier state of a network_a profile: its previous position as the current one, an older headline. */
function pastNetworkA(s: TNetworkASnapshot, k: number, stage: TStage): TNetworkASnapshot {
  const [oldHeadline, oldCareer] = PLANS[k % PLANS.length]![stage]!;
  const earlier = s.career.history[0] ?? null;
  return {
    ...s,
    profile: oldHeadline ? { ...s.profile, headline: `${earlier?.title ?? "Operator"} · exploring what to build next` } : s.profile,
    career: oldCareer ? { current: earlier, history: s.career.history.slice(1) } : s.career,
  };
}

function pastNetworkB(s: TNetworkBSnapshot, stage: TStage): TNetworkBSnapshot {
  const bio = stage === 0 ? "Student. Building small things on weekends." : "Early employee at a startup. Writing sometimes.";
  return { ...s, profile: { ...s.profile, bio } };
}

/** The dataset connector, answering with the profiles' state at `stage` (null: as they are now). */
function playbackConnector(db: TDb, order: Map<string, number>, stage: TStage | null): TConnector {
  const base = datasetConnector(db);
  const past = (result: TConnectorResult): TConnectorResult => {
    if (stage === null || !result.ok) return result;
    const s: TSnapshot = result.snapshot;
    const k = order.get(`${s.source}:${s.external_id}`) ?? 0;
    return { ok: true, snapshot: s.source === "network_a" ? pastNetworkA(s, k, stage) : pastNetworkB(s, stage) };
  };
  const mapAll = <K>(m: Map<K, TConnectorResult>) => new Map([...m].map(([key, r]) => [key, past(r)]));
  return {
    name: "demo-playback",
    resolve: async (source, requests) => mapAll(await base.resolve(source, requests)),
    fetch: async (source, ids) => mapAll(await base.fetch(source, ids)),
  };
}

/** Network_a profiles to follow: with a current position and a history, cards first (links). */
async function pickNetworkA(db: TDb): Promise<{ id: number; url: string }[]> {
  return db.$queryRaw<{ id: number; url: string }[]>`
    SELECT p.id, p.network_a_url AS url FROM profile p
     WHERE p.network_a_url IS NOT NULL AND jsonb_array_length(p.experience) >= 2
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(p.experience) e WHERE e->>'endDate' IS NULL)
     ORDER BY EXISTS (SELECT 1 FROM card c WHERE c.network_a_profile_id = p.id) DESC, p.id
     LIMIT ${NETWORK_A_FOLLOWED}`;
}

async function follow(db: TDb, accountId: number, source: TSource, items: Record<string, unknown>[]) {
  const outcome = await createApplications(
    db,
    accountId,
    source,
    items.map((raw) => parseBulkItem(source, raw)),
  );
  return outcome.created.map((c) => c.application.id);
}

/** Dates the updates recorded after `afterId` `days` back (spread over a few hours per connection). */
async function dateBack(db: TDb, accountId: number, afterId: number, days: number): Promise<void> {
  await db.$executeRaw`
    UPDATE radar_update SET detected_at = detected_at - make_interval(days => ${days}, hours => connection_id % 20)
     WHERE account_id = ${accountId} AND id > ${afterId}`;
}

async function lastUpdateId(db: TDb): Promise<number> {
  const [r] = await db.$queryRaw<{ id: number }[]>`SELECT coalesce(max(id), 0)::int AS id FROM radar_update`;
  return r?.id ?? 0;
}

/** Seeds the radar of the account with this e-mail (the demo account). */
export async function seedDemoRadar(db: TDb, email: string): Promise<TDemoRadarReport> {
  const { id: accountId } = await db.account.findUniqueOrThrow({ where: { email }, select: { id: true } });
  const a = await pickNetworkA(db);
  const bNames = Array.from({ length: NETWORK_B_FOLLOWED }, (_, i) => networkBUsername(i));
  const order = new Map(a.map((p, k) => [`network_a:${p.id}`, k]));

  await follow(
    db,
    accountId,
    "network_a",
    a.map((p) => ({ network_a_url: p.url })),
  );
  await follow(db, accountId, "network_b", [...bNames.map((username) => ({ username })), { username: DEMO_MISSING_PROFILE }]);
  await drainApplications(db, { connector: playbackConnector(db, order, 0) });

  let before = await lastUpdateId(db);
  for (const [i, stage] of ([1, null] as const).entries()) {
    await refreshDue(db, { connector: playbackConnector(db, order, stage) });
    await dateBack(db, accountId, before, ROUND_DAYS[i]!);
    before = await lastUpdateId(db);
  }

  // One connection not tracked, and one idle application (followed without tracking).
  const [untracked] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM radar_connection WHERE account_id = ${accountId} AND source = 'network_b' ORDER BY id DESC LIMIT 1`;
  if (untracked) await setConnectionTracking(db, accountId, "network_b", untracked.id, false);
  const [spare] = await db.$queryRaw<{ url: string }[]>`
    SELECT network_a_url AS url FROM profile WHERE network_a_url IS NOT NULL AND NOT (id = ANY(${a.map((p) => p.id)}::int[])) ORDER BY id LIMIT 1`;
  if (spare) await follow(db, accountId, "network_a", [{ network_a_url: spare.url, is_tracking: false }]);

  const [r] = await db.$queryRaw<TDemoRadarReport[]>`
    SELECT (SELECT count(*)::int FROM radar_connection WHERE account_id = ${accountId}) AS connections,
           (SELECT count(*)::int FROM radar_update WHERE account_id = ${accountId}) AS updates,
           (SELECT count(*)::int FROM radar_application WHERE account_id = ${accountId} AND init_status = 'failed') AS failed`;
  return r!;
}
