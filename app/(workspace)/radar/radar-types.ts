import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";
import { SOURCE_NAMES } from "~/server/domain/radar/types";

type TRadar = inferRouterOutputs<TAppRouter>["radar"];

export type TSource = "network_a" | "network_b";
export type TApplication = TRadar["listApplications"]["data"][number];
export type TConnection = TRadar["listConnections"]["data"][number];
export type TUpdate = TRadar["updates"]["data"][number];
export type TBulkOutcome = TRadar["bulkCreateApplications"]["data"];

export { SOURCE_NAMES };

/** The identifiers of a follow, named as the follow forms call them (their refusals say "The profile URL …", app/_ui/api-message.ts). */
export const IDENTIFIER_NAMES = {
  username: "the username",
  network_a_url: "the profile URL",
  network_b_url: "the profile URL",
  network_b_user_id: "the user id",
};

const FAILURE_WORDS: Record<string, string> = {
  profile_not_found: "Profile not found",
  connector_unavailable: "Lookup service unavailable",
  connector_timeout: "Lookup service timed out",
  connector_invalid_response: "Invalid answer from the lookup service",
  connector_not_configured: "No lookup service configured",
  connector_error: "Lookup failed",
  too_many_attempts: "Too many attempts",
  already_connected: "Already a connection",
};

/** Why an application failed, in words: its code as a phrase ("Profile not found"; a lookup service's own code with spaces), then its message. */
export function failureText(error: { code: string; message: string }, attempts?: number): string {
  const words = FAILURE_WORDS[error.code] ?? `${error.code.charAt(0).toUpperCase()}${error.code.slice(1).replaceAll("_", " ")}`;
  return `${words}${attempts === undefined ? "" : ` (attempt ${attempts})`}: ${error.message}`;
}
export const SOURCE_OPTIONS = (Object.keys(SOURCE_NAMES) as TSource[]).map((value) => ({ value, label: SOURCE_NAMES[value] }));

export const asSource = (v: string | undefined): TSource => (v === "network_b" ? "network_b" : "network_a");

/** What an application was created from (its identifier, whichever kind). */
export const applicationName = (a: TApplication) => a.username ?? a.network_a_url ?? a.network_b_url ?? a.network_b_user_id ?? `#${a.id}`;
export const connectionName = (c: { name: string | null; username: string | null; id: number }) => c.name ?? c.username ?? `#${c.id}`;

export const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : "—");
