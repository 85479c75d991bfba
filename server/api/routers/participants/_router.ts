import { createTRPCRouter } from "../../trpc";
import { participantBatchRoute } from "./batch";
import { participantDetailRoute } from "./detail";
import { listParticipantsRoute } from "./list";
import { participantTypesRoute } from "./participant-types";
import { savedParticipantsRouter } from "./saved";

/** Static REST paths (/participants/types/, /participants/batch/) before /participants/{slug}/: first match wins. */
export const participantsRouter = createTRPCRouter({
  list: listParticipantsRoute,
  types: participantTypesRoute,
  batch: participantBatchRoute,
  detail: participantDetailRoute,
  savedParticipants: savedParticipantsRouter,
});
