import { createTRPCRouter } from "~/server/api/trpc";
import { listCollectionsRoute } from "./collections";
import { getProfileRoute } from "./profile";
import { listProfilesRoute } from "./profiles";

/** Raw data (spec: Raw data: network profiles): collections, founder profiles, one profile. */
export const rawDataRouter = createTRPCRouter({
  collections: listCollectionsRoute,
  profiles: listProfilesRoute,
  profile: getProfileRoute,
});
