import { getPreferences } from "~/server/domain/notifications/preferences";
import { authedProcedure } from "~/server/api/trpc";
import { ZPreferences } from "./preferences.types";

/** The caller's notification preferences (defaults where none are stored). */
export const getPreferencesRoute = authedProcedure.output(ZPreferences).query(({ ctx }) => getPreferences(ctx.db, ctx.account.id));
