import { slugify } from "./prng";

/** The demo location tree: region -> country -> city (world), region -> state -> city (US). */

type TState = [name: string, code: string, cities: string[]];
type TCountry = [name: string, cities: string[]];

const US_REGIONS: { slug: string; name: string; states: TState[] }[] = [
  {
    slug: "us-west",
    name: "US West",
    states: [
      ["California", "CA", ["San Francisco", "Los Angeles", "San Diego", "Palo Alto"]],
      ["Washington", "WA", ["Seattle"]],
      ["Oregon", "OR", ["Portland"]],
      ["Colorado", "CO", ["Denver", "Boulder"]],
    ],
  },
  {
    slug: "us-east",
    name: "US East",
    states: [
      ["New York", "NY", ["New York City", "Brooklyn"]],
      ["Massachusetts", "MA", ["Boston", "Cambridge"]],
      ["Pennsylvania", "PA", ["Philadelphia", "Pittsburgh"]],
      ["District of Columbia", "DC", ["Washington, D.C."]],
    ],
  },
  {
    slug: "us-central",
    name: "US Central",
    states: [
      ["Illinois", "IL", ["Chicago"]],
      ["Minnesota", "MN", ["Minneapolis"]],
      ["Michigan", "MI", ["Detroit", "Ann Arbor"]],
      ["Ohio", "OH", ["Columbus"]],
    ],
  },
  {
    slug: "us-south",
    name: "US South",
    states: [
      ["Texas", "TX", ["Austin", "Houston", "Dallas"]],
      ["Florida", "FL", ["Miami"]],
      ["Georgia", "GA", ["Atlanta"]],
      ["North Carolina", "NC", ["Raleigh"]],
      ["Tennessee", "TN", ["Nashville"]],
    ],
  },
];

const WORLD_REGIONS: { slug: string; name: string; countries: TCountry[] }[] = [
  {
    slug: "europe",
    name: "Europe",
    countries: [
      ["Germany", ["Berlin", "Munich", "Hamburg"]],
      ["United Kingdom", ["London", "Manchester", "Edinburgh"]],
      ["France", ["Paris", "Lyon"]],
      ["Netherlands", ["Amsterdam", "Rotterdam"]],
      ["Sweden", ["Stockholm"]],
      ["Spain", ["Barcelona", "Madrid"]],
      ["Switzerland", ["Zurich", "Geneva"]],
      ["Ireland", ["Dublin"]],
      ["Portugal", ["Lisbon"]],
      ["Poland", ["Warsaw", "Krakow"]],
      ["Finland", ["Helsinki"]],
      ["Denmark", ["Copenhagen"]],
      ["Estonia", ["Tallinn"]],
      ["Italy", ["Milan"]],
      ["Austria", ["Vienna"]],
    ],
  },
  {
    slug: "asia",
    name: "Asia",
    countries: [
      ["India", ["Bangalore", "Mumbai", "New Delhi"]],
      ["Singapore", ["Singapore"]],
      ["Japan", ["Tokyo"]],
      ["South Korea", ["Seoul"]],
      ["China", ["Shanghai", "Shenzhen"]],
      ["Indonesia", ["Jakarta"]],
      ["Vietnam", ["Ho Chi Minh City"]],
    ],
  },
  {
    slug: "latin-america",
    name: "Latin America",
    countries: [
      ["Brazil", ["Sao Paulo"]],
      ["Mexico", ["Mexico City"]],
      ["Argentina", ["Buenos Aires"]],
      ["Colombia", ["Bogota"]],
      ["Chile", ["Santiago"]],
    ],
  },
  {
    slug: "middle-east",
    name: "Middle East",
    countries: [
      ["Israel", ["Tel Aviv"]],
      ["United Arab Emirates", ["Dubai", "Abu Dhabi"]],
      ["Saudi Arabia", ["Riyadh"]],
      ["Turkey", ["Istanbul"]],
    ],
  },
  {
    slug: "africa",
    name: "Africa",
    countries: [
      ["Nigeria", ["Lagos"]],
      ["Kenya", ["Nairobi"]],
      ["South Africa", ["Cape Town", "Johannesburg"]],
      ["Egypt", ["Cairo"]],
    ],
  },
  {
    slug: "oceania",
    name: "Oceania",
    countries: [
      ["Australia", ["Sydney", "Melbourne"]],
      ["New Zealand", ["Auckland"]],
    ],
  },
];

export interface TCity {
  slug: string;
  name: string;
  /** state name and code (US only) */
  state: string | null;
  stateCode: string | null;
  country: string;
  region: string;
  regionSlug: string;
  europe: boolean;
  /** as a profile would state it: "Berlin, Germany", "Austin, Texas, United States" */
  display: string;
}

export const UNKNOWN_LOCATION = "unknown";

/** Location lines (kind "location"), parents first. */
export function locationRecords(): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const r of US_REGIONS) {
    out.push({
      kind: "location",
      slug: r.slug,
      name: r.name,
      type: "region",
      parent: null,
      scope: "us",
      country: "United States",
      region: r.name,
    });
    for (const [state, code, cities] of r.states) {
      const stateSlug = slugify(state);
      out.push({
        kind: "location",
        slug: stateSlug,
        name: state,
        type: "state",
        parent: r.slug,
        state: code,
        country: "United States",
        region: r.name,
      });
      for (const c of cities) {
        out.push({
          kind: "location",
          slug: slugify(c),
          name: c,
          type: "city",
          parent: stateSlug,
          city: c,
          state: code,
          country: "United States",
          region: r.name,
        });
      }
    }
  }
  for (const r of WORLD_REGIONS) {
    out.push({ kind: "location", slug: r.slug, name: r.name, type: "region", parent: null, scope: "world", region: r.name });
    for (const [country, cities] of r.countries) {
      const countrySlug = slugify(country);
      out.push({ kind: "location", slug: countrySlug, name: country, type: "country", parent: r.slug, country, region: r.name });
      for (const c of cities) {
        const slug = slugify(c) === countrySlug ? `${countrySlug}-city` : slugify(c);
        out.push({ kind: "location", slug, name: c, type: "city", parent: countrySlug, city: c, country, region: r.name });
      }
    }
  }
  out.push({ kind: "location", slug: UNKNOWN_LOCATION, name: "Unknown", type: "city", parent: null });
  return out;
}

function buildCities(): TCity[] {
  const out: TCity[] = [];
  for (const r of US_REGIONS) {
    for (const [state, code, cities] of r.states) {
      for (const c of cities) {
        out.push({
          slug: slugify(c),
          name: c,
          state,
          stateCode: code,
          country: "United States",
          region: r.name,
          regionSlug: r.slug,
          europe: false,
          display: `${c}, ${state}, United States`,
        });
      }
    }
  }
  for (const r of WORLD_REGIONS) {
    for (const [country, cities] of r.countries) {
      for (const c of cities) {
        const slug = slugify(c) === slugify(country) ? `${slugify(country)}-city` : slugify(c);
        const display = c === country ? c : `${c}, ${country}`;
        out.push({
          slug,
          name: c,
          state: null,
          stateCode: null,
          country,
          region: r.name,
          regionSlug: r.slug,
          europe: r.slug === "europe",
          display,
        });
      }
    }
  }
  return out;
}

export const CITIES: readonly TCity[] = buildCities();
export const US_CITIES = CITIES.filter((c) => c.country === "United States");
export const EUROPE_CITIES = CITIES.filter((c) => c.europe);
export const OTHER_CITIES = CITIES.filter((c) => !c.europe && c.country !== "United States");

/** European countries, lower-cased as they appear at the end of profile locations. */
export const EUROPEAN_COUNTRIES: readonly string[] = WORLD_REGIONS.find((r) => r.slug === "europe")!.countries.map(([c]) =>
  c.toLowerCase(),
);
