import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";

/** One founder profile, as the raw-data procedures return it. */
export type TProfileItem = inferRouterOutputs<TAppRouter>["rawData"]["profiles"]["data"][number];

/** The /founders URL parameters: GET /v1/network_a/profiles/'s names. Only these reach the procedure. */
const PROFILE_LIST_KEYS = [
  "limit",
  "offset",
  "search",
  "sort",
  "classification",
  "path",
  "status",
  "tags",
  "collection",
  "created_at",
] as const;

export const PROFILE_DEFAULT_LIMIT = 50;

/** The profiles procedure's input for the URL's parameters (strings, as the REST query), with fixed ones on top. */
export function profileListInput(params: Record<string, string>, fixed: Record<string, string> = {}): Record<string, string> {
  const input: Record<string, string> = { include_total: "true" };
  for (const key of PROFILE_LIST_KEYS) if (params[key]) input[key] = params[key];
  return { ...input, ...fixed };
}

export const CLASSIFICATIONS = [
  { value: "strong_potential_founder", label: "Strong potential founder" },
  { value: "potential_founder", label: "Potential founder" },
  { value: "noise", label: "Noise" },
];
export const PATHS = [
  { value: "declared_founder", label: "Declared founder" },
  { value: "imminent_founder", label: "Imminent founder" },
];
export const STATUSES = [
  { value: "", label: "Any status" },
  { value: "stealth", label: "Stealth" },
  { value: "came_out_of_stealth", label: "Came out of stealth" },
  { value: "got_a_job", label: "Got a job" },
  { value: "active", label: "Active" },
];

/** A snake_case value as words ("strong_potential_founder" → "strong potential founder"). */
export const words = (v: string | null | undefined) => (v ? v.replaceAll("_", " ") : "—");
