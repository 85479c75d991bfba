import { hash32, rngFor, slugify, STREAM } from "./prng";
import {
  ACCELERATOR_HEADS,
  ACCELERATOR_TAILS,
  BIO_TOPICS,
  COMPANIES,
  FUND_HEADS,
  FUND_TAILS,
  personName,
  ROLES_SENIOR,
  SYNDICATE_HEADS,
} from "./vocab-people";
import { SECTORS } from "./vocab-sectors";

/**
 * Demo participants. Participant `i` is fully determined by `i`, so interactions and investors can
 * name a participant (or a fund) by index without any table in memory. In every block of 20:
 * 4 funds (self-associated), 8 investors (associated with a fund of the block), 4 angels,
 * 1 founder, 1 accelerator, 2 syndicates.
 */

export const PARTICIPANTS_PER_SCALE = 300;

type TRole = "fund" | "investor" | "angel" | "founder" | "accelerator" | "syndicate";

const ROLE_BY_SLOT: TRole[] = [
  ...Array<TRole>(4).fill("fund"),
  ...Array<TRole>(8).fill("investor"),
  ...Array<TRole>(4).fill("angel"),
  "founder",
  "accelerator",
  "syndicate",
  "syndicate",
];

function roleOf(i: number): TRole {
  return ROLE_BY_SLOT[i % 20]!;
}

const FUND_HEAD_SLUGS = FUND_HEADS.map(slugify);
const FUND_TAIL_SLUGS = FUND_TAILS.map(slugify);
const ACC_HEAD_SLUGS = ACCELERATOR_HEADS.map(slugify);
const ACC_TAIL_SLUGS = ACCELERATOR_TAILS.map(slugify);
const SYN_SLUGS = SYNDICATE_HEADS.map(slugify);

/** Name and slug of participant `i` (cheap: a few integer hashes, no generator). */
export function participantName(i: number): { name: string; slug: string } {
  const a = hash32(STREAM.participant, i, 1);
  const b = hash32(STREAM.participant, i, 2);
  const suffix = i.toString(36);
  switch (roleOf(i)) {
    case "fund": {
      const h = a % FUND_HEADS.length;
      const t = b % FUND_TAILS.length;
      return { name: `${FUND_HEADS[h]} ${FUND_TAILS[t]}`, slug: `${FUND_HEAD_SLUGS[h]}-${FUND_TAIL_SLUGS[t]}-${suffix}` };
    }
    case "accelerator": {
      const h = a % ACCELERATOR_HEADS.length;
      const t = b % ACCELERATOR_TAILS.length;
      return { name: `${ACCELERATOR_HEADS[h]} ${ACCELERATOR_TAILS[t]}`, slug: `${ACC_HEAD_SLUGS[h]}-${ACC_TAIL_SLUGS[t]}-${suffix}` };
    }
    case "syndicate": {
      const h = a % SYNDICATE_HEADS.length;
      return { name: `${SYNDICATE_HEADS[h]} Syndicate`, slug: `${SYN_SLUGS[h]}-syndicate-${suffix}` };
    }
    default: {
      const p = personName(a >>> 3, b >>> 3, (a & 1) === 0);
      return { name: p.name, slug: `${p.slug}-${suffix}` };
    }
  }
}

/** The fund an investor belongs to (one of the 4 funds of its block of 20). */
function fundOf(i: number): number {
  return i - (i % 20) + (hash32(STREAM.participant, i, 3) % 4);
}

/** The participant an interaction by `i` is associated with: an investor's fund. */
export function associatedOf(i: number): number | null {
  const role = roleOf(i);
  if (role === "fund") return i;
  if (role === "investor") return fundOf(i);
  return null;
}

export function participantRecord(i: number): Record<string, unknown> {
  const rng = rngFor(STREAM.participant, i);
  const role = roleOf(i);
  const { name, slug } = participantName(i);
  const sector = rng.pick(SECTORS);
  const sector2 = rng.pick(SECTORS.filter((x) => x !== sector));
  const topic = rng.pick(BIO_TOPICS);
  const web3 = sector.web3 === true || rng.chance(0.12);
  const handle = slug.replace(/-/g, "");
  let about: string;
  let associated: number | null = null;
  switch (role) {
    case "fund":
      associated = i;
      about = `${rng.pick(["Pre-seed", "Seed", "Seed and Series A", "Early-stage", "Growth-stage"])} fund investing in ${sector.name.toLowerCase()} and ${sector2.name.toLowerCase()} companies. Typical cheque ${rng.pick(["$250k", "$500k", "$1M", "$2-5M"])}.`;
      break;
    case "investor":
      associated = fundOf(i);
      about = `${rng.pick(["Partner", "Principal", "Associate", "General Partner"])} at ${participantName(associated).name}. Focused on ${topic} and ${sector.name.toLowerCase()}.`;
      break;
    case "angel":
      about = `Angel investor, former ${rng.pick(ROLES_SENIOR)} at ${rng.pick(COMPANIES)}. Backs first-time founders in ${topic}.`;
      break;
    case "founder":
      about = `Second-time founder in ${sector.name.toLowerCase()}; invests small cheques in ${topic} founders.`;
      break;
    case "accelerator":
      about = `Three-month programme for ${sector.name.toLowerCase()} startups, with a demo day twice a year.`;
      break;
    default:
      about = `Syndicate of operators co-investing in ${topic} and ${sector2.name.toLowerCase()} rounds.`;
  }
  const sources = [{ slug: handle, type: "network_b", link: `https://network-b.example/${handle}` }];
  if (rng.chance(0.6)) sources.push({ slug: handle, type: "network_a", link: `https://network-a.example/in/${handle}` });
  if (role === "fund" || role === "accelerator") sources.push({ slug, type: "website", link: `https://${slug}.example` });
  return {
    kind: "participant",
    slug,
    name,
    alt_name: role === "fund" && rng.chance(0.3) ? name.split(" ")[0] : null,
    email: role === "fund" || role === "accelerator" ? `hello@${slug}.example` : null,
    image: `https://images.example/participants/${slug}.png`,
    about,
    type: role,
    web3,
    web2: !web3 || rng.chance(0.5),
    associated_with: associated === null ? null : participantName(associated).slug,
    sources,
  };
}
