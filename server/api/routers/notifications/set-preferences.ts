import { setPreferences } from "~/server/domain/notifications/preferences";
import { authedProcedure } from "~/server/api/trpc";
import { ZPreferences } from "./preferences.types";
import { ZSetPreferences } from "./set-preferences.types";

/** Stores the kinds' e-mail modes, the digest hour and time zone given; answers all preferences. */
export const setPreferencesRoute = authedProcedure
  .input(ZSetPreferences)
  .output(ZPreferences)
  .mutation(({ ctx, input }) => setPreferences(ctx.db, ctx.account.id, input));
