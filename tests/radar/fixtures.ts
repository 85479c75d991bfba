import type { TDb } from "~/server/db/client";
import { datasetConnector } from "~/server/domain/radar/connectors";
import { drainApplications } from "~/server/domain/radar/process";
import { refreshDue } from "~/server/domain/radar/refresh";
import { createAccount } from "../helpers/api";

/** Small known radar datasets, written with Prisma. */

let nextProfileId = 1000;
let nextUserId = 500000;

export interface TExperience {
  title: string;
  company: string;
  startDate?: string | null;
  endDate?: string | null;
}

export async function networkAProfile(
  db: TDb,
  p: { slug: string; name: string; headline?: string | null; urn?: string | null; url?: string; experience?: TExperience[]; id?: number },
) {
  const id = p.id ?? nextProfileId++;
  return db.profile.create({
    data: {
      id,
      name: p.name,
      headline: p.headline ?? null,
      summary: `${p.name} builds things.`,
      location: "Berlin, Germany",
      networkAUrl: p.url ?? `https://network-a.example/in/${p.slug}/`,
      networkAUrn: p.urn ?? null,
      experience: (p.experience ?? []).map((e) => ({ location: null, description: null, startDate: null, endDate: null, ...e })),
      education: [{ school: "TU Berlin", degree: "MSc" }],
    },
  });
}

export async function setExperience(db: TDb, profileId: number, experience: TExperience[], headline?: string) {
  await db.profile.update({
    where: { id: profileId },
    data: {
      experience: experience.map((e) => ({ location: null, description: null, startDate: null, endDate: null, ...e })),
      ...(headline === undefined ? {} : { headline }),
    },
  });
}

export async function networkBProfile(db: TDb, p: { username: string; name?: string; bio?: string | null; userId?: string }) {
  return db.networkBProfile.create({
    data: {
      userId: p.userId ?? String(nextUserId++),
      username: p.username,
      name: p.name ?? p.username,
      bio: p.bio ?? null,
      location: "Lisbon",
      url: `https://network-b.example/${p.username}`,
      followers: 42,
      recentPosts: [{ text: `hello from ${p.username}`, posted_at: "2026-01-01T00:00:00Z" }],
      followedAccounts: [{ username: "someone" }],
    },
  });
}

/** An account with a token; radar limits set when given. */
export async function radarAccount(db: TDb, limits: { a?: number; b?: number } = {}) {
  const acc = await createAccount(db, { plan: "paid" });
  if (limits.a !== undefined || limits.b !== undefined) {
    await db.account.update({
      where: { id: acc.account.id },
      data: { radarLimitNetworkA: limits.a ?? null, radarLimitNetworkB: limits.b ?? null },
    });
  }
  return { id: acc.account.id, token: acc.token };
}

export const processAll = (db: TDb) => drainApplications(db, { connector: datasetConnector(db) });
export const refreshAll = (db: TDb) => refreshDue(db, { connector: datasetConnector(db), olderThanMs: 0 });
