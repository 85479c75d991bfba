import type { TDb } from "~/server/db/client";
import { countryOf } from "~/server/domain/import";
import { createAccount } from "../helpers/api";

/** Small known datasets for the raw-data tests, written directly with Prisma. */

export interface TProfileSeed {
  id: number;
  name: string;
  headline?: string | null;
  summary?: string | null;
  location?: string | null;
  url?: string | null;
  urn?: string | null;
  imageUrl?: string | null;
  classification?: string | null;
  path?: string | null;
  status?: string | null;
  outOfStealthDate?: Date | null;
  education?: unknown[];
  experience?: unknown[];
  notableAchievements?: string | null;
  newCompany?: Record<string, unknown> | null;
  tags?: string[];
  createdAt?: Date;
  updatedAt?: Date;
}

/** 2024-01-01 plus `days` days (and `ms` milliseconds), UTC. */
export const day = (days: number, ms = 0) => new Date(Date.UTC(2024, 0, 1) + days * 86_400_000 + ms);

export async function insertProfiles(db: TDb, seeds: TProfileSeed[]): Promise<void> {
  await db.profile.createMany({
    data: seeds.map((s) => ({
      id: s.id,
      name: s.name,
      headline: s.headline ?? null,
      summary: s.summary ?? null,
      location: s.location ?? null,
      country: countryOf(s.location ?? null),
      networkAUrl: s.url === undefined ? `https://network-a.example/in/p${s.id}` : s.url,
      networkAImageUrl: s.imageUrl ?? null,
      networkAUrn: s.urn ?? null,
      classification: s.classification ?? null,
      path: s.path ?? null,
      status: s.status ?? null,
      outOfStealthDate: s.outOfStealthDate ?? null,
      education: (s.education ?? []) as never,
      experience: (s.experience ?? []) as never,
      notableAchievements: s.notableAchievements ?? null,
      newCompany: (s.newCompany ?? undefined) as never,
      tags: s.tags ?? [],
      createdAt: s.createdAt ?? day(s.id),
      updatedAt: s.updatedAt ?? s.createdAt ?? day(s.id),
    })),
  });
}

/** Changes a profile as an import would (location also moves the derived country). */
export async function updateProfile(db: TDb, id: number, change: Partial<Omit<TProfileSeed, "id">>): Promise<void> {
  const data: Record<string, unknown> = { updatedAt: new Date() };
  for (const [k, v] of Object.entries(change)) data[k] = v;
  if ("location" in change) data.country = countryOf(change.location ?? null);
  await db.profile.update({ where: { id }, data: data as never });
}

export async function createCollection(
  db: TDb,
  c: { slug: string; name?: string; description?: string; visibility?: "shared" | "private"; active?: boolean; criteria: unknown },
) {
  return db.collection.create({
    data: {
      slug: c.slug,
      name: c.name ?? c.slug,
      description: c.description ?? `About ${c.slug}`,
      visibility: c.visibility ?? "shared",
      active: c.active ?? true,
      criteria: c.criteria as never,
    },
  });
}

/** A full-scope account with the raw-data permission. */
export const rawDataAccount = (db: TDb, extra: Parameters<typeof createAccount>[1] = {}) =>
  createAccount(db, { grant: ["network_a_profiles"], ...extra });

/** A collections-only account, assigned the given collections. */
export const collectionsOnlyAccount = (db: TDb, collections: string[] = []) =>
  createAccount(db, { scope: "collections_only", collections });

/** Ids of a list response, in order. */
export const ids = (body: { data: { id: number }[] }) => body.data.map((p) => p.id);
