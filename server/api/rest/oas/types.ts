/** The tags of the document's operations, and the methods of the REST export. */

export const TAGS = {
  Cards: "Cards (startups and projects): lists with filters, sorting, text and semantic search; one card; its signals.",
  Search: "Typeahead: cards, participants, founders, reference data, folders and saved filters found by the start of their name.",
  "Reference data":
    "The values of the card filters: categories, stages, rounds, locations, source types, and your folders and saved filters.",
  Participants: "Funds, investors, angels, accelerators and other participants that signal cards.",
  "Raw data":
    "Restricted (enabled per account): founder profiles and named collections of them. Parameters here are lenient: an invalid value is ignored (and named in `meta.ignored`) rather than rejected.",
  Radar: "Follow profiles on network_a and network_b, and read a feed of their changes (career moves, headline and bio changes).",
  Webhooks:
    "Signed push notifications: endpoints that receive radar updates, new connections, failed applications and new saved-filter matches as they happen (Standard Webhooks signatures; see the webhooks guide).",
  Team: "Your team (a fund working together): its members and their roles. Shared folders and saved filters are in the reference data lists.",
  Utilities: "Token validation: plan, quota usage, capabilities and scope of the token.",
} as const;

export type TTag = keyof typeof TAGS;

export type TMethod = "GET" | "POST" | "PATCH" | "DELETE";
