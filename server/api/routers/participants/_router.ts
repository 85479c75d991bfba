import { createTRPCRouter } from "~/server/api/trpc";
import { participantBatchRoute } from "./batch";
import { participantDetailRoute } from "./detail";
import { listParticipantsRoute } from "./list";
import { participantTypesRoute } from "./participant-types";
import { savedParticipantsRouter } from "./saved";

/** /v1/participants/...: participants, their types, several by slug; the workspace's saved participants. */
export const participantsRouter = createTRPCRouter({
  list: listParticipantsRoute,
  types: participantTypesRoute,
  batch: participantBatchRoute,
  detail: participantDetailRoute,
  savedParticipants: savedParticipantsRouter,
});
