import { z } from "zod";
import { DEFAULT_MIN_SIMILARITY, type TParticipantListQuery } from "~/server/domain/participants/types";
import { listEnvelope } from "~/server/api/envelope";
import { zBool, zFloat, zLimit, zOffset } from "~/server/lib/params";
import { ZParticipant } from "./participant.types";
import { zCleanText } from "./text";

const listShape = {
  limit: zLimit(200, 50),
  offset: zOffset(),
  include_total: zBool(),
  search: zCleanText(500),
  semantic: zBool(),
  min_similarity: zFloat(0, 1),
  sort: zCleanText(200),
  include_user_data: zBool(),
  type: zCleanText(200),
  web3: zBool(),
  web2: zBool(),
  saved_only: zBool(),
};

const { saved_only: _savedOnly, include_user_data: _includeUserData, ...savedListShape } = listShape;

const semanticNeedsSearch = (v: { semantic?: boolean; search?: string }, ctx: z.RefinementCtx) => {
  if (v.semantic && !v.search) ctx.addIssue({ code: "custom", path: ["semantic"], message: "requires search" });
};

export const ZListParticipantsRequest = z.object(listShape).strict().superRefine(semanticNeedsSearch);

/** The browser's list of saved participants: the same parameters, always saved_only with is_saved. */
export const ZListSavedParticipantsRequest = z.object(savedListShape).strict().superRefine(semanticNeedsSearch);

export const ZListParticipantsResponse = listEnvelope(
  ZParticipant,
  z.object({
    sort: z.string().describe("effective sort: preset name or normalised field:direction list"),
    include_user_data: z.boolean(),
    semantic: z.object({ enabled: z.boolean(), min_similarity: z.number(), ranking: z.string() }).optional(),
  }),
);

export type TListParticipantsRequest = z.infer<typeof ZListParticipantsRequest>;
export type TListParticipantsResponse = z.infer<typeof ZListParticipantsResponse>;

/** Request parameters (snake_case) to the domain query. */
export function toListQuery(
  input: Omit<TListParticipantsRequest, "saved_only" | "include_user_data"> & {
    saved_only?: boolean;
    include_user_data?: boolean;
  },
): TParticipantListQuery {
  return {
    limit: input.limit,
    offset: input.offset,
    includeTotal: input.include_total ?? true,
    search: input.search,
    semantic: input.semantic ?? false,
    minSimilarity: input.min_similarity ?? DEFAULT_MIN_SIMILARITY,
    sort: input.sort,
    includeUserData: input.include_user_data ?? false,
    type: input.type,
    web3: input.web3,
    web2: input.web2,
    savedOnly: input.saved_only ?? false,
  };
}
