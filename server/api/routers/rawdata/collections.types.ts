import { z } from "zod";
import { ZPagination } from "~/server/api/envelope";
import { zRawParam } from "./lenient";

export const ZListCollectionsRequest = z.looseObject({
  limit: zRawParam("page size, max 200 (larger is clamped), default 50"),
  offset: zRawParam("default 0"),
  include_total: zRawParam("boolean, default true"),
});

const ZCollection = z.object({
  slug: z.string().describe("value for the collection parameter of GET /v1/network_a/profiles/"),
  name: z.string(),
  description: z.string(),
});

export const ZListCollectionsResponse = z.object({ data: z.array(ZCollection), pagination: ZPagination });
export type TListCollectionsResponse = z.infer<typeof ZListCollectionsResponse>;
