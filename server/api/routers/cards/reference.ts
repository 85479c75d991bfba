import { onReplica } from "../../../db/replicas";
import { categoryTree, locationTree, roundsList, sourceTypesList, stagesList } from "../../../domain/reference/lists";
import { listSavedFilters } from "../../../domain/userdata/filters";
import { listFolders } from "../../../domain/userdata/folders";
import { protectedProcedure } from "../../trpc";
import {
  ZCategoriesResponse,
  ZFiltersResponse,
  ZFoldersResponse,
  ZLocationsResponse,
  ZNoParams,
  ZSlugNameListResponse,
  ZSourceTypesResponse,
} from "./reference.types";

/** GET /v1/cards/{categories,stages,rounds,locations,folders,filters,source-types}/ */

const get = (path: `/${string}`, summary: string) =>
  protectedProcedure.meta({ scope: "cards:read", openapi: { method: "GET", path, tags: ["Reference data"], summary } }).input(ZNoParams);

export const categoriesRoute = get("/cards/categories/", "Categories: parents with their children")
  .output(ZCategoriesResponse)
  .query(async ({ ctx }) => {
    const { data, total } = await onReplica(ctx.db, categoryTree);
    return { data, meta: { total } };
  });

export const stagesRoute = get("/cards/stages/", "Stages")
  .output(ZSlugNameListResponse)
  .query(async ({ ctx }) => {
    const data = await onReplica(ctx.db, stagesList);
    return { data, meta: { total: data.length } };
  });

export const roundsRoute = get("/cards/rounds/", "Rounds")
  .output(ZSlugNameListResponse)
  .query(async ({ ctx }) => {
    const data = await onReplica(ctx.db, roundsList);
    return { data, meta: { total: data.length } };
  });

export const locationsRoute = get("/cards/locations/", "Locations: regions with their countries, states and cities")
  .output(ZLocationsResponse)
  .query(async ({ ctx }) => {
    const t = await onReplica(ctx.db, locationTree);
    return { data: t.data, meta: { total: t.total, us_regions_total: t.usRegions, world_regions_total: t.worldRegions } };
  });

export const foldersRoute = get("/cards/folders/", "Your folders with their card counts (ids for folder_ids)")
  .output(ZFoldersResponse)
  .query(async ({ ctx }) => {
    const data = await listFolders(ctx.db, ctx.account.id);
    return { data, meta: { total: data.length } };
  });

export const filtersRoute = get("/cards/filters/", "Your saved filters (ids for filter_id)")
  .output(ZFiltersResponse)
  .query(async ({ ctx }) => {
    const data = await listSavedFilters(ctx.db, ctx.account.id);
    return { data, meta: { total: data.length } };
  });

export const sourceTypesRoute = get("/cards/source-types/", "Source types (slugs for source_types)")
  .output(ZSourceTypesResponse)
  .query(async ({ ctx }) => {
    const data = await onReplica(ctx.db, sourceTypesList);
    return { data, meta: { total: data.length } };
  });
