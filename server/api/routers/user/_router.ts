import { createTRPCRouter } from "~/server/api/trpc";
import { filtersRouter } from "./filters";
import { foldersRouter } from "./folders";
import { introRouter } from "./intro";
import { likesRouter } from "./likes";
import { notesRouter } from "./notes";

/**
 * Per-user card data for the browser UI (tRPC only, no REST export): likes, notes, folders, saved
 * filters and intro requests of the signed-in account. The REST card endpoints read them
 * (include_user_data, folder_ids, filter_id, has_intro_request, /cards/folders/, /cards/filters/).
 */
export const userDataRouter = createTRPCRouter({
  likes: likesRouter,
  notes: notesRouter,
  folders: foldersRouter,
  filters: filtersRouter,
  intro: introRouter,
});
