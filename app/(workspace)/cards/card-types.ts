import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";

/** One row of the cards list, as the list procedure returns it. */
export type TCardRowItem = inferRouterOutputs<TAppRouter>["cards"]["list"]["data"][number];
