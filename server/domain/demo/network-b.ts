import { isoTime, rngFor, STREAM } from "./prng";
import { BIO_TOPICS, COMPANIES, personName, ROLES_OTHER, ROLES_SENIOR } from "./vocab-people";
import { CITIES } from "./vocab-places";

/** Demo network_b profiles (the radar's second source): user `i` of `total`. */

export const NETWORK_B_PER_SCALE = 200;
const DAY = 86_400_000;

function networkBUserId(i: number): string {
  return String(1_000_000_000 + i * 7919);
}

export function networkBUsername(i: number): string {
  const rng = rngFor(STREAM.networkB, i, 1);
  const p = personName(rng.int(1 << 20), rng.int(1 << 20), rng.chance(0.5));
  return `${p.slug.replace(/-/g, "_")}_${i.toString(36)}`;
}

const POSTS = [
  "Shipped a new release today: faster onboarding and a cleaner dashboard.",
  "Hiring engineers who love {topic}. DMs open.",
  "Thoughts on {topic}: the boring parts are where the moats are.",
  "We just closed our round. Grateful to everyone who believed early.",
  "Spoke at a meetup about {topic} tonight, slides soon.",
  "Five lessons from two years of building in {topic}.",
];

export function networkBRecord(i: number, total: number, nowDay: number): Record<string, unknown> {
  const rng = rngFor(STREAM.networkB, i);
  const username = networkBUsername(i);
  const display = username
    .split("_")
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
  const topic = rng.pick(BIO_TOPICS);
  const city = rng.pick(CITIES);
  const posts = Array.from({ length: rng.range(2, 5) }, (_, k) => ({
    id: `${networkBUserId(i)}${k}`,
    text: rng.pick(POSTS).replace("{topic}", topic),
    created_at: isoTime(nowDay - rng.next() * 60 * DAY),
  }));
  const followed = rng.sample(
    Array.from({ length: Math.min(total, 50) }, (_, k) => (i + 1 + k * 7) % total).filter((k) => k !== i),
    rng.range(2, 8),
  );
  return {
    kind: "network_b_profile",
    user_id: networkBUserId(i),
    username,
    name: display,
    bio: `${rng.chance(0.5) ? rng.pick(ROLES_SENIOR) : rng.pick(ROLES_OTHER)} at ${rng.pick(COMPANIES)}. Writing about ${topic}.`,
    location: city.display,
    url: `https://network-b.example/${username}`,
    followers: Math.floor(10 ** (1 + rng.next() * 4)),
    recent_posts: posts,
    followed_accounts: followed.map((k) => ({ user_id: networkBUserId(k), username: networkBUsername(k) })),
    updated_at: isoTime(nowDay - rng.next() * 30 * DAY),
  };
}
