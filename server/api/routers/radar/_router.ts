import { createTRPCRouter } from "~/server/api/trpc";
import { bulkCreateApplicationsRoute, createApplicationRoute } from "./applications-create";
import {
  applicationTrackingRoute,
  bulkApplicationTrackingRoute,
  bulkDeleteApplicationsRoute,
  deleteApplicationRoute,
  retryApplicationRoute,
} from "./applications-change";
import { listApplicationsRoute } from "./applications-list";
import {
  bulkConnectionTrackingRoute,
  bulkDisconnectRoute,
  connectionDetailRoute,
  connectionTrackingRoute,
  disconnectRoute,
  listConnectionsRoute,
} from "./connections";
import { radarQuotaRoute } from "./quota";
import { updatesFeedRoute, updatesMetaRoute } from "./updates";

/** /v1/radar/...: the tracking quota, applications, connections and the updates feed. */
export const radarRouter = createTRPCRouter({
  quota: radarQuotaRoute,
  createApplication: createApplicationRoute,
  bulkCreateApplications: bulkCreateApplicationsRoute,
  bulkApplicationTracking: bulkApplicationTrackingRoute,
  bulkDeleteApplications: bulkDeleteApplicationsRoute,
  listApplications: listApplicationsRoute,
  applicationTracking: applicationTrackingRoute,
  retryApplication: retryApplicationRoute,
  deleteApplication: deleteApplicationRoute,
  bulkConnectionTracking: bulkConnectionTrackingRoute,
  bulkDisconnect: bulkDisconnectRoute,
  listConnections: listConnectionsRoute,
  connectionDetail: connectionDetailRoute,
  connectionTracking: connectionTrackingRoute,
  disconnect: disconnectRoute,
  updatesMeta: updatesMetaRoute,
  updates: updatesFeedRoute,
});
