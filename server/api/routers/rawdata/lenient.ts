import { z } from "zod";

/**
 * Query parameters of the raw-profile endpoints, which the spec makes lenient: every value is
 * taken as a raw string (a repeated key joined with commas) and interpreted in
 * server/domain/rawdata/query.ts, where an invalid value is ignored instead of rejected.
 * Nothing here can fail, so these endpoints never answer 400 for a parameter's value.
 */
export const zRawParam = (description: string) =>
  z
    .preprocess((v) => {
      if (typeof v === "string") return v;
      if (Array.isArray(v)) return v.filter((x): x is string => typeof x === "string").join(",");
      return undefined;
    }, z.string().optional())
    .describe(description);
