import { getPreferences, setPreferences } from "~/server/domain/notifications/preferences";
import { authedProcedure } from "~/server/api/trpc";
import { ZPreferences, ZSetPreferences } from "./preferences.types";

/** The caller's notification preferences (defaults where none are stored). */
export const getPreferencesRoute = authedProcedure.output(ZPreferences).query(({ ctx }) => getPreferences(ctx.db, ctx.account.id));

/** Stores the kinds' e-mail modes, the digest hour and time zone given; answers all of them. */
export const setPreferencesRoute = authedProcedure
  .input(ZSetPreferences)
  .output(ZPreferences)
  .mutation(({ ctx, input }) => setPreferences(ctx.db, ctx.account.id, input));
