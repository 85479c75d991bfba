import { hash32, isoDay, isoTime, rngFor, STREAM, type Rng } from "./prng";
import { ACCELERATORS, BIO_TOPICS, COMPANIES, DEGREES, personName, ROLES_NOISE, ROLES_OTHER, ROLES_SENIOR, SCHOOLS } from "./vocab-people";
import { EUROPE_CITIES, OTHER_CITIES, US_CITIES } from "./vocab-places";
import { NAME_HEADS, NAME_TAILS, SECTORS } from "./vocab-sectors";

/**
 * Demo raw profiles: profile `i` has id i + 1. A few persons appear twice (another id, the same
 * network_a url and urn, another updated_at): the import collapses them to the latest record.
 */

export const PROFILES_PER_SCALE = 3000;
const DUPLICATE_ID_BASE = 50_000_000;
const DAY = 86_400_000;

/** Profiles `i` with a duplicate record: older for i % 1000 == 7, newer for i % 1000 == 507. */
export function duplicateKind(i: number): "older" | "newer" | null {
  const m = i % 1000;
  return m === 7 ? "older" : m === 507 ? "newer" : null;
}

/** ISO 8601 with microseconds. */
function micros(ms: number, rng: Rng): string {
  return isoTime(ms, rng.int(1000));
}

const ymd = isoDay;

function experience(rng: Rng, senior: boolean, nowDay: number, where: string | null) {
  const n = rng.range(1, 4);
  let end: number | null = null;
  let cursor = nowDay - rng.int(200) * DAY;
  const items: Record<string, unknown>[] = [];
  for (let k = 0; k < n; k++) {
    const start = cursor - rng.range(200, 1500) * DAY;
    const title = k === 0 && senior ? rng.pick(ROLES_SENIOR) : rng.pick(ROLES_OTHER);
    const company = rng.pick(COMPANIES);
    items.push({
      title,
      company,
      startDate: ymd(start),
      endDate: end === null ? null : ymd(end),
      location: where,
      description: `${title} at ${company}, working on ${rng.pick(BIO_TOPICS)}.`,
    });
    end = start - rng.int(60) * DAY;
    cursor = end;
  }
  return items;
}

export function profileRecord(i: number, nowDay: number): Record<string, unknown> {
  const rng = rngFor(STREAM.profile, i);
  const area = rng.weighted([45, 30, 25]);
  const city = rng.pick(area === 0 ? EUROPE_CITIES : area === 1 ? US_CITIES : OTHER_CITIES);
  const placeRoll = rng.next();
  const location = placeRoll < 0.05 ? null : placeRoll < 0.1 ? city.country : city.display;
  const person = personName(rng.int(1 << 20), rng.int(1 << 20), city.europe || rng.chance(0.1));

  const classification = (["strong_potential_founder", "potential_founder", "noise"] as const)[rng.weighted([20, 35, 45])]!;
  const strong = classification === "strong_potential_founder";
  const path = strong
    ? rng.pick(["declared_founder", "declared_founder", "imminent_founder", null])
    : classification === "potential_founder" && rng.chance(0.3)
      ? "imminent_founder"
      : null;
  const status =
    path === "declared_founder"
      ? rng.pick(["stealth", "came_out_of_stealth", "active", "active"])
      : rng.pick(["got_a_job", "active", "active", null]);

  const exp = experience(rng, classification !== "noise", nowDay, location);
  const current = exp[0] as { title: string; company: string };
  const education = rng.sample(SCHOOLS, rng.range(1, 2)).map((school) => ({ school, degree: rng.pick(DEGREES) }));
  const sector = rng.pick(SECTORS);
  const topic = rng.pick(BIO_TOPICS);
  const newCompanyName = `${rng.pick(NAME_HEADS)}${rng.pick(NAME_TAILS)}`;
  const hasNewCompany = path === "declared_founder" || (strong && rng.chance(0.3));
  const headline = strong
    ? hasNewCompany
      ? `Founder & CEO at ${newCompanyName} | ex-${current.company}`
      : `Ex-${current.company} ${current.title} | building something new in ${topic}`
    : classification === "potential_founder"
      ? `${current.title} at ${current.company}`
      : `${rng.pick(ROLES_NOISE)} at ${current.company}`;
  const tags = [
    ...new Set([
      ...exp.map((e) => String(e.company)),
      ...education.map((e) => e.school),
      ...(rng.chance(0.2) ? [rng.pick(ACCELERATORS)] : []),
    ]),
  ];

  const urn = `ACoAA${(hash32(STREAM.profile, i, 7) % 36 ** 6).toString(36).toUpperCase().padStart(6, "0")}${i.toString(36).toUpperCase()}`;
  const url = rng.chance(0.6) ? `https://network-a.example/in/${urn}` : `https://network-a.example/in/${person.slug}-${i.toString(36)}`;
  const createdMs = nowDay - (1 + rng.next() * 729) * DAY;
  const updatedMs = createdMs + rng.next() * (nowDay - DAY - createdMs);
  const stealthOut = status === "came_out_of_stealth" ? micros(createdMs + rng.next() * (nowDay - createdMs), rng) : null;

  return {
    kind: "profile",
    id: i + 1,
    name: person.name,
    headline,
    summary: `${current.title} with ${rng.range(3, 20)} years in ${sector.name.toLowerCase()}. Interested in ${topic}.`,
    location,
    network_a: {
      url,
      image_url: rng.chance(0.8) ? `https://media.network-a.example/image/${urn}?e=${Math.floor((nowDay + 14 * DAY) / 1000)}` : null,
      urn,
    },
    classification,
    path,
    status,
    out_of_stealth_date: stealthOut,
    education,
    experience: exp,
    notable_achievements:
      strong && rng.chance(0.5) ? `Grew ${current.company} from ${rng.range(2, 20)} to ${rng.range(50, 400)} people.` : null,
    new_company: hasNewCompany
      ? {
          name: newCompanyName,
          description: `${sector.products[rng.int(sector.products.length)]} for ${sector.customers[rng.int(sector.customers.length)]}`,
          website: `https://${newCompanyName.toLowerCase()}.example`,
          logo: rng.chance(0.5) ? `https://images.example/logos/${newCompanyName.toLowerCase()}.png` : null,
          network_a_url: `https://network-a.example/company/${newCompanyName.toLowerCase()}`,
        }
      : null,
    tags,
    created_at: micros(createdMs, rng),
    updated_at: micros(updatedMs, rng),
  };
}

/** The second record of a duplicated person: same url and urn, another id and updated_at. */
export function duplicateRecord(original: Record<string, unknown>, i: number, kind: "older" | "newer"): Record<string, unknown> {
  const rng = rngFor(STREAM.duplicate, i);
  const updated = Date.parse(String(original.updated_at));
  const shift = kind === "older" ? -rng.range(10, 90) * DAY : rng.range(1, 12) * 3_600_000;
  return {
    ...original,
    id: DUPLICATE_ID_BASE + i,
    headline: `${String(original.headline)} (${kind === "older" ? "earlier record" : "updated"})`,
    created_at: original.created_at,
    updated_at: micros(Math.max(Date.parse(String(original.created_at)), updated + shift), rng),
  };
}
