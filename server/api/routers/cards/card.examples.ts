/**
 * A card as the list formats it, with values as the demo data has them: the example the card
 * operations' contracts share (the list, the detail, the lookup).
 */
export const EXAMPLE_CARD = {
  id: 94,
  slug: "rivetai-mk",
  name: "Rivetai",
  public_url: "http://localhost:3000/cards/rivetai-mk",
  description: "Real-time DAO treasury management for protocol teams. Growing 20% month over month.",
  image: "https://images.example/cards/rivetai-mk.png",
  url: "https://rivetai-mk.example",
  interactions_count: 20,
  trending: false,
  stage: { name: "Idea", slug: "idea" },
  round: { name: "Bootstrapped", slug: "bootstrapped" },
  categories: [
    { name: "DeFi", slug: "defi" },
    { name: "Web3", slug: "web3" },
  ],
  location: {
    formatted: "Chicago, IL, United States",
    slug: "chicago",
    city: "Chicago",
    state: "IL",
    country: "United States",
    region: "US Central",
    region_slug: "us-central",
    type: "city",
  },
  created_at: "2026-09-26T23:46:49.750Z",
  updated_at: "2026-11-24T23:59:57.011Z",
  last_round: null,
  last_interaction_at: "2026-11-24T23:59:57.011Z",
  first_interaction_at: "2026-09-27T23:11:02.005Z",
  social_links: [{ key: "website", name: "Website", url: "https://rivetai-mk.example" }],
  open_to_intro: false,
  has_intro_request: false,
};
