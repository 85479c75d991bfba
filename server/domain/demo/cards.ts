import { associatedOf, participantName } from "./participants";
import { isoDay, isoTime, rngFor, slugify, STREAM, type Rng } from "./prng";
import { COMPANIES, personName } from "./vocab-people";
import { CITIES, UNKNOWN_LOCATION, US_CITIES } from "./vocab-places";
import { ADJECTIVES, NAME_HEADS, NAME_SUFFIXES, NAME_TAILS, ROUNDS, SECTORS, SOURCE_TYPES, STAGES, TAGLINES } from "./vocab-sectors";

/**
 * Demo cards, each followed by its interactions (about 10 per card, denser in recent months, a
 * few cards with none), spread over the two years before `now`.
 */

export const CARDS_PER_SCALE = 2000;
const DAY = 86_400_000;
const HORIZON_DAYS = 730;

/** Source types by weight: social 35%, launch board 15%, network_a 20%, code host 20%, new company 10%. */
const SOURCE_WEIGHTS = [35, 15, 20, 20, 10];

function cardName(rng: Rng, sector: (typeof SECTORS)[number]): string {
  const suffix = rng.pick(NAME_SUFFIXES);
  const base = `${rng.pick(NAME_HEADS)}${rng.pick(NAME_TAILS)}`;
  return sector.slug === "health" && suffix === " AI" ? `${base} Health` : `${base}${suffix}`;
}

function description(rng: Rng, sector: (typeof SECTORS)[number], city: string | null): string {
  const product = rng.pick(sector.products);
  const customer = rng.pick(sector.customers);
  const head = `${rng.pick(ADJECTIVES)} ${product} for ${customer}.`;
  const tail = rng
    .pick(TAGLINES)
    .replace("{company}", rng.pick(COMPANIES))
    .replace("{country}", city ?? "Europe and the US");
  return `${head} ${tail}`;
}

function interactionCount(rng: Rng): number {
  if (rng.chance(0.03)) return 0;
  const r = rng.next();
  return 1 + Math.floor(30 * r * r);
}

const iso = (ms: number) => isoTime(ms);

function people(rng: Rng, cardSlug: string, i: number, european: boolean): Record<string, unknown>[] {
  const n = rng.range(1, 3);
  return Array.from({ length: n }, (_, k) => {
    const p = personName(rng.int(1 << 20), rng.int(1 << 20), european);
    const handle = `${p.slug}${i.toString(36)}`;
    return {
      id: i * 4 + k + 1,
      name: p.name,
      type: k === 0 ? "founder" : "cofounder",
      image: rng.chance(0.5) ? `https://images.example/people/${handle}.jpg` : null,
      microblog_url: rng.chance(0.6) ? `https://network-b.example/${handle}` : null,
      network_a_url: `https://network-a.example/in/${handle}`,
      business_db_url: rng.chance(0.3) ? `https://business-db.example/person/${handle}` : null,
      reference_url: null,
      code_host_url: rng.chance(0.4) ? `https://code-host.example/${handle}` : null,
      email: rng.chance(0.3) ? `${p.first.toLowerCase()}@${cardSlug}.example` : null,
      bio: `${k === 0 ? "Founder and CEO" : "Co-founder"}; previously at ${rng.pick(COMPANIES)}.`,
    };
  });
}

/**
 * Card `i` and its interactions. `profiles` is the number of profiles (a card may point at one),
 * `participants` the number of participants interactions may name.
 */
export function* cardRecords(i: number, nowDay: number, participants: number, profiles: number): Generator<Record<string, unknown>> {
  const rng = rngFor(STREAM.card, i);
  const sector = rng.pick(SECTORS);
  const name = cardName(rng, sector);
  const slug = `${slugify(name)}-${i.toString(36)}`;

  const where = rng.next();
  const city = where < 0.08 ? null : where < 0.12 ? undefined : where < 0.5 ? rng.pick(US_CITIES) : rng.pick(CITIES);
  const location = city === null ? null : city === undefined ? UNKNOWN_LOCATION : city.slug;

  const categories = [sector.slug, ...rng.sample(sector.children, rng.range(1, 2)).map(([s]) => s)];
  if (rng.chance(0.1)) categories.push(rng.pick(rng.pick(SECTORS).children)[0]);

  // Interactions: their ages shrink towards now (recent months are denser).
  const ageDays = rng.next() * HORIZON_DAYS;
  const n = interactionCount(rng);
  const times: number[] = [];
  for (let k = 0; k < n; k++) {
    const r = rng.next();
    // whole seconds, plus k ms: distinct (card, participant, created_at) within the card
    times.push(Math.floor((nowDay - ageDays * DAY * r * r - 1000) / 1000) * 1000 + k);
  }
  const first = n ? Math.min(...times) : nowDay - ageDays * DAY;
  const last = n ? Math.max(...times) : first;
  const createdAt = Math.floor(first - rng.next() * 3 * DAY);
  const updatedAt = Math.max(createdAt, last);

  // Rounds follow stages loosely (an idea-stage company has no Series C); some have neither.
  const stageIdx = rng.int(STAGES.length);
  const roundIdx = rng.chance(0.05) ? ROUNDS.length - 1 : Math.min(6, Math.max(0, stageIdx - 2 + rng.int(3)));
  const stage = rng.chance(0.85) ? STAGES[stageIdx]![0] : null;
  const round = rng.chance(0.85) ? ROUNDS[roundIdx]![0] : null;
  const site = `https://${slug}.example`;
  const socialLinks = [{ key: "website", name: "Website", url: site }];
  if (rng.chance(0.6)) socialLinks.push({ key: "network_b", name: "Network B", url: `https://network-b.example/${slug}` });
  if (rng.chance(0.5)) socialLinks.push({ key: "network_a", name: "Network A", url: `https://network-a.example/company/${slug}` });
  if (sector.slug === "devtools" || sector.slug === "ai-ml" || rng.chance(0.15)) {
    socialLinks.push({ key: "code_host", name: "Code host", url: `https://code-host.example/${slug}` });
  }
  const european = city ? city.europe : rng.chance(0.4);
  const teamSize = rng.range(1, 120);

  yield {
    kind: "card",
    slug,
    name,
    description: description(rng, sector, city ? city.name : null),
    image: `https://images.example/cards/${slug}.png`,
    url: site,
    stage,
    round,
    categories,
    location,
    social_links: socialLinks,
    trending: rng.chance(0.06),
    featured: rng.chance(0.03),
    open_to_intro: rng.chance(0.35),
    web3: sector.web3 === true || rng.chance(0.04),
    web2: sector.web3 !== true,
    last_round: round && round !== "bootstrapped" ? isoDay(nowDay - rng.next() * HORIZON_DAYS * DAY) : null,
    people: people(rng, slug, i, european),
    network_a_profile: profiles > 0 && rng.chance(0.3) ? 1 + rng.int(profiles) : null,
    more: {
      founded_year: Number(isoDay(createdAt).slice(0, 4)) - rng.int(3),
      team_size: teamSize,
      business_model: rng.pick(["B2B", "B2C", "B2B2C", "Marketplace"]),
    },
    employment_data: rng.chance(0.7)
      ? { headcount: teamSize, headcount_growth_6m: Math.round((rng.next() * 0.8 - 0.1) * 100) / 100, open_roles: rng.int(15) }
      : null,
    created_at: iso(createdAt),
    updated_at: iso(updatedAt),
  };

  for (let k = 0; k < n; k++) {
    const r = rng.next();
    const p = Math.min(participants - 1, Math.floor(participants * Math.pow(r, 1.6)));
    const assoc = associatedOf(p);
    yield {
      kind: "interaction",
      card: slug,
      participant: participantName(p).slug,
      associated_participant: assoc === null || assoc === p ? null : participantName(assoc).slug,
      source_type: SOURCE_TYPES[rng.weighted(SOURCE_WEIGHTS)]![0],
      created_at: iso(times[k]!),
    };
  }
}
