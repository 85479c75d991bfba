import { z } from "zod";

/** Response shapes of cards (the spec's Card, Interaction and user_data tables). */

const ZNamedSlug = z.object({ name: z.string(), slug: z.string().nullable() });

const ZLocation = z.object({
  formatted: z.string().nullable(),
  slug: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  region_slug: z.string().nullable(),
  type: z.string().nullable(),
});

const ZUserData = z.object({
  is_liked: z.boolean(),
  has_note: z.boolean(),
  note: z.object({ text: z.string(), created_at: z.string(), updated_at: z.string() }).nullable().optional(),
  folders: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const ZCardItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  public_url: z.string(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  url: z.string().nullable(),
  interactions_count: z.number().int(),
  trending: z.boolean(),
  stage: ZNamedSlug,
  round: ZNamedSlug,
  categories: z.array(z.object({ name: z.string(), slug: z.string() })),
  location: ZLocation.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_round: z.string().nullable(),
  last_interaction_at: z.string().nullable(),
  first_interaction_at: z.string().nullable(),
  social_links: z.array(z.object({ key: z.string(), name: z.string(), url: z.string() })),
  open_to_intro: z.boolean(),
  has_intro_request: z.boolean(),
  user_data: ZUserData.optional(),
});

/** List items: every field unless `view=compact` or `fields=...` selects fewer. */
export const ZCardListItem = ZCardItem.partial().extend({
  similarity: z.number().min(0).max(1).optional(),
});

const ZInteractionParticipant = z.object({ name: z.string(), slug: z.string(), type: z.string() });

export const ZInteraction = z.object({
  id: z.number().int(),
  created_at: z.string(),
  participant: ZInteractionParticipant,
  associated_participant: ZInteractionParticipant.nullable(),
});
