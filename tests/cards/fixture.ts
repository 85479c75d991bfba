import type { TDb } from "~/server/db/client";

/**
 * A small curated dataset with known answers (see cards-list.test.ts for the expected slug lists).
 *
 * Cards c1..c8 (inserted in this order, so ids ascend):
 *   slug            stage     round           categories   location       web3 web2 feat trend intro
 *   alpha-dex       seed      -               dex          san-francisco  x    .    x    x     .
 *   beta-lending    pre-seed  angel           lending,defi berlin         x    .    .    .     x
 *   gamma-ai        series-a  series-a-round  ml           new-york       .    x    .    .     x
 *   delta-chain     -         seed-round      infra        unknown        x    x    .    .     .
 *   epsilon-data    seed      -               ai           germany        .    x    x    .     .
 *   zeta            -         -               -            -              .    .    .    .     .
 *   chainlink-oracle pre-seed -               infra        -              x    .    .    .     .
 *   omega-robotics  series-a  angel           ai,ml        san-francisco  .    x    .    x     .
 */

export const DAY = 86_400_000;
const d = (s: string) => new Date(s);

export interface TFixture {
  cards: Record<string, number>;
  participants: Record<string, number>;
}

async function seedReference(db: TDb) {
  for (const [i, [slug, name]] of (
    [
      ["pre-seed", "Pre-seed"],
      ["seed", "Seed"],
      ["series-a", "Series A"],
    ] as const
  ).entries()) {
    await db.stage.create({ data: { slug, name, position: i + 1 } });
  }
  for (const [i, [slug, name]] of (
    [
      ["angel", "Angel"],
      ["seed-round", "Seed round"],
      ["series-a-round", "Series A round"],
    ] as const
  ).entries()) {
    await db.round.create({ data: { slug, name, position: i + 1 } });
  }
  const defi = await db.category.create({ data: { slug: "defi", name: "DeFi" } });
  const ai = await db.category.create({ data: { slug: "ai", name: "AI" } });
  await db.category.create({ data: { slug: "infra", name: "Infrastructure" } });
  await db.category.create({ data: { slug: "dex", name: "DEX", parentId: defi.id } });
  await db.category.create({ data: { slug: "lending", name: "Lending", parentId: defi.id } });
  await db.category.create({ data: { slug: "ml", name: "Machine learning", parentId: ai.id } });

  const na = await db.location.create({ data: { slug: "north-america", name: "North America", type: "region", scope: "us" } });
  const us = await db.location.create({
    data: {
      slug: "us",
      name: "United States",
      type: "country",
      parentId: na.id,
      country: "US",
      region: "North America",
      regionSlug: "north-america",
    },
  });
  const ca = await db.location.create({
    data: { slug: "ca", name: "California", type: "state", parentId: us.id, state: "CA", country: "US" },
  });
  await db.location.create({
    data: {
      slug: "san-francisco",
      name: "San Francisco",
      type: "city",
      parentId: ca.id,
      city: "San Francisco",
      state: "CA",
      country: "US",
    },
  });
  await db.location.create({
    data: { slug: "new-york", name: "New York", type: "city", parentId: us.id, city: "New York", state: "NY", country: "US" },
  });
  const eu = await db.location.create({ data: { slug: "europe", name: "Europe", type: "region", scope: "world" } });
  const de = await db.location.create({ data: { slug: "germany", name: "Germany", type: "country", parentId: eu.id, country: "DE" } });
  await db.location.create({ data: { slug: "berlin", name: "Berlin", type: "city", parentId: de.id, city: "Berlin", country: "DE" } });
  await db.location.create({ data: { slug: "unknown", name: "Unknown", type: "city" } });

  for (const [slug, name, group] of [
    ["social_interactions", "Social", "Social"],
    ["launch_board", "Launch board", "Launch board"],
    ["network_a", "Network A", "Network A"],
    ["code_host", "Code host", "Code host"],
    ["new_company_registration", "New company", "New company"],
  ]) {
    await db.sourceType.create({ data: { slug: slug!, name: name!, group: group! } });
  }
  const fund = await db.participantType.create({ data: { slug: "fund", name: "Fund" } });
  const investor = await db.participantType.create({ data: { slug: "investor", name: "Investor" } });
  const angel = await db.participantType.create({ data: { slug: "angel", name: "Angel" } });
  return { fund, investor, angel };
}

interface TCardSpec {
  slug: string;
  name: string;
  description?: string;
  stage?: string;
  round?: string;
  categories: string[];
  location?: string;
  web3?: boolean;
  web2?: boolean;
  featured?: boolean;
  trending?: boolean;
  openToIntro?: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** [participant, associated participant or null, source type, created_at] */
  interactions: [string, string | null, string, string][];
}

function cardSpecs(now = Date.now()): TCardSpec[] {
  return [
    {
      slug: "alpha-dex",
      name: "Alpha DEX",
      description: "Decentralised exchange",
      stage: "seed",
      categories: ["dex"],
      location: "san-francisco",
      web3: true,
      featured: true,
      trending: true,
      createdAt: d("2024-01-10T12:00:00Z"),
      updatedAt: d("2024-06-10T00:00:00Z"),
      interactions: [
        ["fund-a", null, "social_interactions", "2024-03-01T09:00:00Z"],
        ["partner-b", "fund-a", "launch_board", "2024-03-05T10:00:00Z"],
        ["angel-c", null, "network_a", "2024-01-20T09:00:00Z"],
      ],
    },
    {
      slug: "beta-lending",
      name: "Beta Lending",
      description: "Lending protocol on chain",
      stage: "pre-seed",
      round: "angel",
      categories: ["lending", "defi"],
      location: "berlin",
      web3: true,
      openToIntro: true,
      createdAt: d("2024-02-05T00:00:00Z"),
      updatedAt: d("2024-06-10T00:00:00Z"),
      interactions: [["angel-c", null, "code_host", "2024-02-10T09:00:00Z"]],
    },
    {
      slug: "gamma-ai",
      name: "Gamma AI",
      description: null as never,
      stage: "series-a",
      round: "series-a-round",
      categories: ["ml"],
      location: "new-york",
      web2: true,
      openToIntro: true,
      createdAt: d("2024-03-15T23:59:59Z"),
      updatedAt: d("2024-04-05T00:00:00Z"),
      interactions: [
        ["fund-a", null, "social_interactions", "2024-04-01T09:00:00Z"],
        ["fund-a", null, "social_interactions", "2024-04-02T09:00:00Z"],
      ],
    },
    {
      slug: "delta-chain",
      name: "Delta Chain",
      round: "seed-round",
      categories: ["infra"],
      location: "unknown",
      web3: true,
      web2: true,
      createdAt: d("2024-03-16T00:00:00Z"),
      updatedAt: d("2024-03-20T00:00:00Z"),
      interactions: [["partner-b", "fund-a", "social_interactions", "2024-02-20T09:00:00Z"]],
    },
    {
      slug: "epsilon-data",
      name: "Epsilon Data Platform",
      description: "A data platform for analytics",
      stage: "seed",
      categories: ["ai"],
      location: "germany",
      web2: true,
      featured: true,
      createdAt: d("2024-04-01T00:00:00Z"),
      updatedAt: d("2024-05-05T00:00:00Z"),
      interactions: [
        ["angel-c", null, "new_company_registration", "2024-05-01T09:00:00Z"],
        ["partner-b", null, "social_interactions", "2024-05-03T09:00:00Z"],
      ],
    },
    {
      slug: "zeta",
      name: "Zeta",
      categories: [],
      createdAt: new Date(now - 2 * DAY),
      updatedAt: new Date(now - 1 * DAY),
      interactions: [],
    },
    {
      slug: "chainlink-oracle",
      name: "Chainlink Oracle",
      description: "Oracle network",
      stage: "pre-seed",
      categories: ["infra"],
      web3: true,
      createdAt: d("2024-05-10T00:00:00Z"),
      updatedAt: d("2024-05-11T00:00:00Z"),
      interactions: [["fund-a", null, "launch_board", "2024-03-05T10:00:00Z"]],
    },
    {
      slug: "omega-robotics",
      name: "Omega Robotics",
      description: "Robots for warehouses",
      stage: "series-a",
      round: "angel",
      categories: ["ai", "ml"],
      location: "san-francisco",
      web2: true,
      trending: true,
      createdAt: d("2024-06-01T00:00:00Z"),
      updatedAt: d("2024-06-05T00:00:00Z"),
      interactions: [
        ["angel-c", null, "code_host", "2024-06-01T09:00:00Z"],
        ["angel-c", null, "code_host", "2024-06-02T09:00:00Z"],
        ["angel-c", null, "social_interactions", "2024-06-03T09:00:00Z"],
      ],
    },
  ];
}

/** Sets the derived card fields from the interactions (what the importer keeps up to date). */
export async function recomputeDerived(db: TDb) {
  await db.$executeRawUnsafe(`
    UPDATE card c SET
      interactions_count = (SELECT count(*) FROM interaction i WHERE i.card_id = c.id),
      first_interaction_at = (SELECT min(created_at) FROM interaction i WHERE i.card_id = c.id),
      last_interaction_at = (SELECT max(created_at) FROM interaction i WHERE i.card_id = c.id),
      earliest_source_type_id = (SELECT source_type_id FROM interaction i WHERE i.card_id = c.id ORDER BY created_at, id LIMIT 1)`);
}

export async function seedCards(db: TDb): Promise<TFixture> {
  const types = await seedReference(db);
  const fundA = await db.participant.create({ data: { slug: "fund-a", name: "Fund A", typeId: types.fund.id, web3: true } });
  const partnerB = await db.participant.create({
    data: { slug: "partner-b", name: "Partner B", typeId: types.investor.id, associatedWithId: fundA.id },
  });
  const angelC = await db.participant.create({ data: { slug: "angel-c", name: "Angel C", typeId: types.angel.id } });
  const participants: Record<string, number> = { "fund-a": fundA.id, "partner-b": partnerB.id, "angel-c": angelC.id };
  const idOf = async (model: "stage" | "round" | "location", slug?: string) =>
    slug ? ((await (db[model] as any).findUniqueOrThrow({ where: { slug } })).id as number) : null;
  const cards: Record<string, number> = {};
  for (const s of cardSpecs()) {
    const card = await db.card.create({
      data: {
        slug: s.slug,
        name: s.name,
        description: s.description ?? null,
        stageId: await idOf("stage", s.stage),
        roundId: await idOf("round", s.round),
        locationId: await idOf("location", s.location),
        web3: s.web3 ?? false,
        web2: s.web2 ?? false,
        featured: s.featured ?? false,
        trending: s.trending ?? false,
        openToIntro: s.openToIntro ?? false,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        lastRound: s.slug === "alpha-dex" ? new Date("2023-12-01T00:00:00Z") : null,
        socialLinks: s.slug === "alpha-dex" ? [{ key: "website", name: "Website", url: "https://alpha.example" }] : [],
        image: s.slug === "alpha-dex" ? "https://img.example/alpha.png" : null,
        url: s.slug === "alpha-dex" ? "https://alpha.example" : null,
      },
    });
    cards[s.slug] = card.id;
    for (const slug of s.categories) {
      const cat = await db.category.findUniqueOrThrow({ where: { slug } });
      await db.cardCategory.create({ data: { cardId: card.id, categoryId: cat.id } });
    }
    for (const [p, assoc, source, at] of s.interactions) {
      const st = await db.sourceType.findUniqueOrThrow({ where: { slug: source } });
      await db.interaction.create({
        data: {
          cardId: card.id,
          participantId: participants[p]!,
          associatedParticipantId: assoc ? participants[assoc]! : null,
          sourceTypeId: st.id,
          createdAt: new Date(at),
        },
      });
    }
  }
  await recomputeDerived(db);
  return { cards, participants };
}

/** Slugs of a list response, in order. */
export const slugsOf = (body: { data: { slug?: string }[] }): string[] => body.data.map((c) => c.slug ?? "");
