import type { TDb } from "~/server/db/client";
import { newCompany, objects, toYmd } from "../rawdata/format";
import type { TNewCompany } from "../rawdata/types";

/**
 * The linked founder profile of a card, as the detail's network_a_profile (the spec's keys, without
 * classification, path, status and timestamps), and the deprecated network_a_data derived from it:
 * tags typed school (education), job (experience companies) or accelerator (the profile's other
 * tags), education and experience as display strings.
 */

export interface TNetworkAProfile {
  id: number;
  name: string;
  headline: string | null;
  summary: string | null;
  location: string | null;
  network_a: { url: string | null; image_url: string | null; urn: string | null };
  education: { school: string | null; degree: string | null }[];
  experience: {
    title: string | null;
    company: string | null;
    startDate: string | null;
    endDate: string | null;
    location: string | null;
    description: string | null;
  }[];
  notable_achievements: string | null;
  new_company: TNewCompany | null;
  tags: string[];
}

export interface TNetworkAData {
  tags: { name: string; type: "school" | "accelerator" | "job" }[];
  education: string[];
  experience: string[];
}

interface TProfileRow {
  id: number;
  name: string;
  headline: string | null;
  summary: string | null;
  location: string | null;
  network_a_url: string | null;
  network_a_image_url: string | null;
  network_a_urn: string | null;
  education: unknown;
  experience: unknown;
  notable_achievements: string | null;
  new_company: unknown;
  tags: string[] | null;
}

/** Display text of an education or experience entry: blank counts as absent. */
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v : null);

export async function networkAProfile(db: TDb, profileId: number | null): Promise<TNetworkAProfile | undefined> {
  if (profileId === null) return undefined;
  const [r] = await db.$queryRaw<TProfileRow[]>`
    SELECT id, name, headline, summary, location, network_a_url, network_a_image_url, network_a_urn, education, experience,
           notable_achievements, new_company, tags
    FROM profile WHERE id = ${profileId}`;
  if (!r) return undefined;
  return {
    id: r.id,
    name: r.name,
    headline: r.headline,
    summary: r.summary,
    location: r.location,
    network_a: { url: r.network_a_url, image_url: r.network_a_image_url, urn: r.network_a_urn },
    education: objects(r.education).map((e) => ({ school: str(e.school), degree: str(e.degree) })),
    experience: objects(r.experience).map((e) => ({
      title: str(e.title),
      company: str(e.company),
      startDate: toYmd(e.startDate ?? e.start_date),
      endDate: toYmd(e.endDate ?? e.end_date),
      location: str(e.location),
      description: str(e.description),
    })),
    notable_achievements: r.notable_achievements,
    new_company: newCompany(r.new_company),
    tags: (r.tags ?? []).filter((t) => typeof t === "string" && t !== ""),
  };
}

export function networkAData(p: TNetworkAProfile): TNetworkAData {
  const tags: TNetworkAData["tags"] = [];
  const seen = new Set<string>();
  const add = (name: string | null, type: TNetworkAData["tags"][number]["type"]) => {
    if (!name || seen.has(name.toLowerCase())) return;
    seen.add(name.toLowerCase());
    tags.push({ name, type });
  };
  for (const e of p.education) add(e.school, "school");
  for (const e of p.experience) add(e.company, "job");
  for (const t of p.tags) add(t, "accelerator");
  return {
    tags,
    education: p.education.map((e) => [e.degree, e.school].filter(Boolean).join(", ")).filter((s) => s !== ""),
    experience: p.experience
      .map((e) => (e.title && e.company ? `${e.title} at ${e.company}` : (e.title ?? e.company ?? "")))
      .filter((s) => s !== ""),
  };
}
