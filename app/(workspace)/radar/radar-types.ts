import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";

type TRadar = inferRouterOutputs<TAppRouter>["radar"];

export type TSource = "network_a" | "network_b";
export type TApplication = TRadar["listApplications"]["data"][number];
export type TConnection = TRadar["listConnections"]["data"][number];
export type TUpdate = TRadar["updates"]["data"][number];
export type TBulkOutcome = TRadar["bulkCreateApplications"]["data"];

export const SOURCE_LABEL: Record<TSource, string> = { network_a: "Network A", network_b: "Network B" };
export const SOURCE_OPTIONS = (Object.keys(SOURCE_LABEL) as TSource[]).map((value) => ({ value, label: SOURCE_LABEL[value] }));

export const asSource = (v: string | undefined): TSource => (v === "network_b" ? "network_b" : "network_a");

/** What an application was created from (its identifier, whichever kind). */
export const applicationName = (a: TApplication) => a.username ?? a.network_a_url ?? a.network_b_url ?? a.network_b_user_id ?? `#${a.id}`;
export const connectionName = (c: { name: string | null; username: string | null; id: number }) => c.name ?? c.username ?? `#${c.id}`;

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");
