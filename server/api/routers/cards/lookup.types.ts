import { z } from "zod";
import { MAX_LOOKUP } from "~/server/domain/cards/lookup";
import { ZCardListItem } from "./card.types";

export const ZCardLookupRequest = z
  .object({
    identifiers: z
      .array(
        z
          .string({ error: "items must be strings" })
          .trim()
          .min(1, "items must not be blank")
          .max(500, "items must be at most 500 characters"),
        {
          error: (iss) => (iss.input === undefined ? "is required" : "must be an array of strings"),
        },
      )
      .min(1, "must hold at least one identifier")
      .max(MAX_LOOKUP, `must hold at most ${MAX_LOOKUP} identifiers`)
      .describe(
        `Up to ${MAX_LOOKUP} identifiers, each a website domain (acme.com), a URL, a founder's network profile URL, a card slug or an exact card name`,
      ),
  })
  .strict();

const ZMatchedOn = z
  .enum(["network_profile", "url", "domain", "slug", "name"])
  .describe("What the identifier was read as and matched: a network profile URL, a website URL, a domain, a slug, a name");

const ZLookupRow = z.discriminatedUnion("status", [
  z.object({ input: z.string(), status: z.literal("matched"), matched_on: ZMatchedOn, card: ZCardListItem }),
  z.object({
    input: z.string(),
    status: z.literal("ambiguous"),
    matched_on: ZMatchedOn,
    candidates: z.array(ZCardListItem).describe("Up to 5 of the cards that fit, oldest first"),
  }),
  z.object({ input: z.string(), status: z.literal("not_found") }),
]);

export const ZCardLookupResponse = z.object({
  data: z.array(ZLookupRow).describe("One row per identifier, in the order given"),
  meta: z.object({
    total: z.number().int(),
    matched: z.number().int(),
    ambiguous: z.number().int(),
    not_found: z.number().int(),
  }),
});

export type TCardLookupResponse = z.infer<typeof ZCardLookupResponse>;
