import { markAllRead } from "~/server/domain/notifications/inbox";
import { authedProcedure } from "~/server/api/trpc";
import { ZMarkedAll } from "./mark-all-read.types";

/** Marks every unread notification of the caller read. */
export const markAllReadRoute = authedProcedure.output(ZMarkedAll).mutation(({ ctx }) => markAllRead(ctx.db, ctx.account.id));
