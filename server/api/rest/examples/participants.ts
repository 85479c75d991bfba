import type { TExampleTable } from "./types";

/**
 * Examples of the participant operations (GET /v1/participants/...).
 * Values as the demo data has them; tests/openapi/examples.test.ts parses each with the
 * procedure's own zod schemas.
 */

export const PARTICIPANT_EXAMPLES: TExampleTable = {
  listParticipants: {
    params: { type: "fund", sort: "most_active", limit: 2 },
    response: {
      data: [
        {
          slug: "atlas-venture-partners-0",
          name: "Atlas Venture Partners",
          alt_name: null,
          email: "hello@atlas-venture-partners-0.example",
          image: "https://images.example/participants/atlas-venture-partners-0.png",
          about: "Early-stage fund investing in climate & energy and health companies. Typical cheque $1M.",
          type: "fund",
          web3: true,
          web2: true,
          monthly_signals: 230,
          associated_with: { slug: "atlas-venture-partners-0", name: "Atlas Venture Partners" },
          self_associated: true,
        },
        {
          slug: "vector-ventures-1",
          name: "Vector Ventures",
          alt_name: null,
          email: "hello@vector-ventures-1.example",
          image: "https://images.example/participants/vector-ventures-1.png",
          about: "Growth-stage fund investing in mobility & logistics and health companies. Typical cheque $500k.",
          type: "fund",
          web3: false,
          web2: true,
          monthly_signals: 119,
          associated_with: { slug: "vector-ventures-1", name: "Vector Ventures" },
          self_associated: true,
        },
      ],
      pagination: { limit: 2, offset: 0, total: 300, has_next: true },
      meta: { sort: "most_active", include_user_data: false },
    },
  },
  listParticipantTypes: {
    response: {
      data: [
        { slug: "accelerator", name: "Accelerator" },
        { slug: "angel", name: "Angel" },
        { slug: "founder", name: "Founder" },
        { slug: "fund", name: "Fund" },
        { slug: "investor", name: "Investor" },
        { slug: "syndicate", name: "Syndicate" },
      ],
      meta: { total: 6 },
    },
  },
  getParticipantsBatch: {
    params: { slugs: ["atlas-venture-partners-0", "vector-ventures-1", "nope"] },
    response: {
      data: [
        {
          slug: "atlas-venture-partners-0",
          name: "Atlas Venture Partners",
          alt_name: null,
          email: "hello@atlas-venture-partners-0.example",
          image: "https://images.example/participants/atlas-venture-partners-0.png",
          about: "Early-stage fund investing in climate & energy and health companies. Typical cheque $1M.",
          type: "fund",
          web3: true,
          web2: true,
          monthly_signals: 230,
          associated_with: { slug: "atlas-venture-partners-0", name: "Atlas Venture Partners" },
          self_associated: true,
        },
        {
          slug: "vector-ventures-1",
          name: "Vector Ventures",
          alt_name: null,
          email: "hello@vector-ventures-1.example",
          image: "https://images.example/participants/vector-ventures-1.png",
          about: "Growth-stage fund investing in mobility & logistics and health companies. Typical cheque $500k.",
          type: "fund",
          web3: false,
          web2: true,
          monthly_signals: 119,
          associated_with: { slug: "vector-ventures-1", name: "Vector Ventures" },
          self_associated: true,
        },
      ],
      meta: { total: 2, not_found: ["nope"], include_user_data: false },
    },
  },
  getParticipant: {
    params: { slug: "atlas-venture-partners-0", include_user_data: false },
    response: {
      data: {
        slug: "atlas-venture-partners-0",
        name: "Atlas Venture Partners",
        alt_name: null,
        email: "hello@atlas-venture-partners-0.example",
        image: "https://images.example/participants/atlas-venture-partners-0.png",
        about: "Early-stage fund investing in climate & energy and health companies. Typical cheque $1M.",
        type: "fund",
        web3: true,
        web2: true,
        monthly_signals: 230,
        associated_with: { slug: "atlas-venture-partners-0", name: "Atlas Venture Partners" },
        self_associated: true,
        sources: [
          { slug: "atlas-venture-partners-0", type: "website", link: "https://atlas-venture-partners-0.example" },
          {
            slug: "atlasventurepartners0",
            type: "network_a",
            link: "https://network-a.example/in/atlasventurepartners0",
          },
          {
            slug: "atlasventurepartners0",
            type: "network_b",
            link: "https://network-b.example/atlasventurepartners0",
          },
        ],
      },
      meta: { include_user_data: false },
    },
  },
};
