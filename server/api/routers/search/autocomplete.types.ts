import { z } from "zod";
import { AUTOCOMPLETE_LIMIT, AUTOCOMPLETE_TYPES } from "~/server/domain/autocomplete/types";
import { MATCH_TIERS } from "~/server/domain/autocomplete/match";
import { zLimit, zList, zText } from "~/server/lib/params";

const TYPES_TEXT = AUTOCOMPLETE_TYPES.join(", ");

export const ZAutocompleteRequest = z
  .object({
    q: zText(100)
      .pipe(z.string({ error: "is required" }))
      .describe("What was typed so far: a name's start, a word of it, or a name with a typo (at most 100 characters)"),
    types: zList({ maxItems: AUTOCOMPLETE_TYPES.length, maxLength: 40 })
      .refine(
        (v) => v === undefined || v.every((t) => (AUTOCOMPLETE_TYPES as readonly string[]).includes(t)),
        `items must be one of: ${TYPES_TEXT}`,
      )
      .describe(`Comma-separated kinds to look in (default: every kind the token may read): ${TYPES_TEXT}`),
    limit: zLimit(AUTOCOMPLETE_LIMIT.max, AUTOCOMPLETE_LIMIT.default).describe(
      `Results to answer (default ${AUTOCOMPLETE_LIMIT.default}, at most ${AUTOCOMPLETE_LIMIT.max})`,
    ),
  })
  .strict();

const ZAutocompleteResult = z.object({
  type: z.enum(AUTOCOMPLETE_TYPES).describe("What the result is"),
  slug: z.string().optional().describe("Its slug (cards, participants, locations, categories, stages, rounds)"),
  id: z.number().int().optional().describe("Its id (founders, folders, saved filters)"),
  name: z.string(),
  context: z.string().describe("A short line that tells same-named results apart: stage and place, type, parent, headline"),
  match: z
    .enum(MATCH_TIERS)
    .describe("How the name matched: exact, prefix, word (a later word starts with it), contains, fuzzy (a typo away)"),
});

export const ZAutocompleteResponse = z.object({
  data: z.array(ZAutocompleteResult).describe("Best first: exact names, then prefixes, words, contained text and near misses"),
  meta: z.object({
    total: z.number().int().describe("Results answered"),
    types: z.array(z.enum(AUTOCOMPLETE_TYPES)).describe("The kinds that were searched"),
  }),
});

export type TAutocompleteResponse = z.infer<typeof ZAutocompleteResponse>;
