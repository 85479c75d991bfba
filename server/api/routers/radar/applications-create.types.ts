import { z } from "zod";
import { applicationItemShape, zJsonValue } from "~/server/domain/radar/identifiers";
import { ZAlreadyTracked, ZApplication, zSource, ZConnection, ZQuota } from "./radar.types";

/** POST /radar/applications/: source and exactly one identifier of that source; is_tracking default true. */
export const ZCreateApplicationRequest = z.object({ source: zSource(), ...applicationItemShape }).strict();

export const ZCreateApplicationResponse = z.object({
  data: z.union([ZApplication, ZAlreadyTracked]).describe("the new (or already existing) application, or the existing connection"),
  quota: ZQuota,
});

/** Items are checked one by one (a bad item is reported by index, the others still processed). */
export const ZBulkCreateRequest = z
  .object({
    source: zSource(),
    applications: zJsonValue(
      "an array of applications",
      z
        .array(z.unknown(), { error: (iss) => (iss.input === undefined ? "is required" : "must be an array of applications") })
        .min(1, "must not be empty")
        .max(1000, "must have at most 1000 applications"),
    ),
  })
  .strict();

export const ZBulkCreateResponse = z.object({
  data: z.object({
    created: z.array(z.object({ index: z.number().int(), application: ZApplication })),
    existing: z.array(
      z.union([
        z.object({ index: z.number().int(), already_tracked: z.literal(true), connection: ZConnection }),
        z.object({ index: z.number().int(), already_tracked: z.literal(false), application: ZApplication }),
      ]),
    ),
    errors: z.array(z.object({ index: z.number().int(), error: z.string(), message: z.string() })),
  }),
  quota: ZQuota,
});

export type TCreateApplicationResponse = z.infer<typeof ZCreateApplicationResponse>;
export type TBulkCreateResponse = z.infer<typeof ZBulkCreateResponse>;
