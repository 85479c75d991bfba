/** A small valid import file (docs/import-format.md), in an order that puts children before parents. */

const DAY = 86_400_000;

export function isoDaysAgo(days: number, now = Date.now()): string {
  return new Date(now - days * DAY).toISOString();
}

export function fixtureLines(now = Date.now()): string[] {
  const recent = isoDaysAgo(3, now);
  const older = isoDaysAgo(100, now);
  const oldest = isoDaysAgo(400, now);
  const records: Record<string, unknown>[] = [
    { kind: "interaction", card: "ledgerly", participant: "jane-doe", associated_participant: "acme-capital", source_type: "code_host", created_at: recent },
    { kind: "interaction", card: "ledgerly", participant: "acme-capital", source_type: "social_interactions", created_at: oldest },
    { kind: "interaction", id: 500, card: "ledgerly", participant: "jane-doe", source_type: "code_host", created_at: older },
    {
      kind: "card",
      slug: "ledgerly",
      name: "Ledgerly",
      description: "AI-powered compliance automation for mid-size banks",
      image: "https://img.example/ledgerly.png",
      url: "https://ledgerly.example",
      stage: "seed",
      round: "pre-seed",
      categories: ["payments", "fintech"],
      location: "berlin",
      social_links: [{ key: "website", name: "Website", url: "https://ledgerly.example" }],
      trending: true,
      open_to_intro: true,
      web2: true,
      last_round: "2024-03-15",
      people: [{ id: 1, name: "Anna Schmidt", type: "founder" }],
      network_a_profile: 101,
      more: { team_size: 12 },
      employment_data: { headcount: 12 },
      created_at: "2023-01-02T03:04:05.123456Z",
      updated_at: "2024-06-01T00:00:00Z",
    },
    { kind: "card", slug: "nimbus", name: "Nimbus", description: "Cloud cost analytics" },
    { kind: "category", slug: "payments", name: "Payments", parent: "fintech" },
    { kind: "category", slug: "fintech", name: "Fintech", parent: null },
    { kind: "location", slug: "berlin", name: "Berlin", type: "city", parent: "germany", city: "Berlin", country: "Germany", region: "Europe" },
    { kind: "location", slug: "germany", name: "Germany", type: "country", parent: "europe", country: "Germany", region: "Europe" },
    { kind: "location", slug: "europe", name: "Europe", type: "region", parent: null, scope: "world", region: "Europe" },
    {
      kind: "participant",
      slug: "jane-doe",
      name: "Jane Doe",
      type: "investor",
      web2: true,
      associated_with: "acme-capital",
      sources: [{ slug: "janedoe", type: "network_b", link: "https://network-b.example/janedoe" }],
    },
    { kind: "participant", slug: "acme-capital", name: "Acme Capital", type: "fund", associated_with: "acme-capital", about: "Seed fund" },
    { kind: "participant", slug: "solo-angel", name: "Solo Angel", type: "investor", monthly_signals: 42 },
    { kind: "participant_type", slug: "fund", name: "Fund" },
    { kind: "participant_type", slug: "investor", name: "Investor" },
    { kind: "source_type", slug: "social_interactions", name: "Social", group: "social" },
    { kind: "source_type", slug: "code_host", name: "Code host", group: "code_host" },
    { kind: "stage", slug: "seed", name: "Seed", position: 2 },
    { kind: "stage", slug: "idea", name: "Idea", position: 1 },
    { kind: "round", slug: "pre-seed", name: "Pre-seed", position: 1 },
    {
      kind: "profile",
      id: 101,
      name: "Anna Schmidt",
      headline: "Founder at Ledgerly",
      location: "Berlin, Germany",
      network_a: { url: "https://network-a.example/in/anna", image_url: null, urn: "A101" },
      classification: "strong_potential_founder",
      path: "declared_founder",
      status: "active",
      experience: [{ title: "CEO", company: "Ledgerly", startDate: "2023-01-01", endDate: null }],
      education: [{ school: "TU Berlin", degree: "MSc" }],
      tags: ["TU Berlin", "Ledgerly"],
      new_company: { name: "Ledgerly", description: null, website: "https://ledgerly.example", logo: null, network_a_url: null },
      created_at: "2024-01-01T00:00:00.000001Z",
      updated_at: "2024-02-01T00:00:00.000002Z",
    },
    {
      kind: "profile",
      id: 102,
      name: "Bob Lee",
      location: "Austin, Texas, United States",
      network_a: { url: "https://network-a.example/in/bob", image_url: null, urn: "B102" },
      classification: "noise",
      created_at: "2024-01-01T00:00:00Z",
      updated_at: "2024-01-02T00:00:00Z",
    },
    {
      kind: "collection",
      slug: "european_founders",
      name: "European founders",
      description: "Founders and C-level operators located in Europe",
      visibility: "shared",
      active: true,
      criteria: { countries: ["Germany", "france"], classification: ["strong_potential_founder"] },
    },
    {
      kind: "network_b_profile",
      user_id: "12345",
      username: "janedoe",
      name: "Jane Doe",
      bio: "Investor",
      followers: 10,
      recent_posts: [{ id: "1", text: "hello" }],
      followed_accounts: [],
      updated_at: "2024-05-05T05:05:05Z",
    },
  ];
  return records.map((r) => JSON.stringify(r));
}
