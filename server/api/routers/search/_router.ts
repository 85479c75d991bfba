import { createTRPCRouter } from "~/server/api/trpc";
import { autocompleteRoute } from "./autocomplete";

/** /v1/autocomplete/: finding things by name across every kind. */
export const searchRouter = createTRPCRouter({
  autocomplete: autocompleteRoute,
});
