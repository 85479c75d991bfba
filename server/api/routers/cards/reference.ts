import { onReplica } from "~/server/db/replicas";
import { categoryTree, locationTree, roundsList, sourceTypesList, stagesList } from "~/server/domain/reference/lists";
import { listSavedFilters } from "~/server/domain/saved-filters/filters";
import { savedFilterStatuses } from "~/server/domain/saved-filters/status";
import { listFolders } from "~/server/domain/userdata/folders";
import { restMeta, type TContract } from "~/server/api/contract";
import { protectedProcedure } from "~/server/api/trpc";
import {
  listCategoriesContract,
  listFoldersContract,
  listLocationsContract,
  listRoundsContract,
  listSavedFiltersContract,
  listSourceTypesContract,
  listStagesContract,
} from "./reference.contract";
import { ZNoParams } from "./reference.types";

/** GET /v1/cards/{categories,stages,rounds,locations,folders,filters,source-types}/: parameterless lists (saved filters take include_counts). */

const get = (contract: TContract<typeof ZNoParams>) => protectedProcedure.meta(restMeta(contract)).input(contract.input);

export const categoriesRoute = get(listCategoriesContract)
  .output(listCategoriesContract.output)
  .query(async ({ ctx }) => {
    const { data, total } = await onReplica(ctx.db, categoryTree);
    return { data, meta: { total } };
  });

export const stagesRoute = get(listStagesContract)
  .output(listStagesContract.output)
  .query(async ({ ctx }) => {
    const data = await onReplica(ctx.db, stagesList);
    return { data, meta: { total: data.length } };
  });

export const roundsRoute = get(listRoundsContract)
  .output(listRoundsContract.output)
  .query(async ({ ctx }) => {
    const data = await onReplica(ctx.db, roundsList);
    return { data, meta: { total: data.length } };
  });

export const locationsRoute = get(listLocationsContract)
  .output(listLocationsContract.output)
  .query(async ({ ctx }) => {
    const t = await onReplica(ctx.db, locationTree);
    return { data: t.data, meta: { total: t.total, us_regions_total: t.usRegions, world_regions_total: t.worldRegions } };
  });

export const foldersRoute = get(listFoldersContract)
  .output(listFoldersContract.output)
  .query(async ({ ctx }) => {
    const data = await listFolders(ctx.db, ctx.account.id);
    return { data, meta: { total: data.length } };
  });

/** Saved filters; with include_counts, each with its counts (the workspace's saved filters page). */
export const filtersRoute = protectedProcedure
  .meta(restMeta(listSavedFiltersContract))
  .input(listSavedFiltersContract.input)
  .output(listSavedFiltersContract.output)
  .query(async ({ ctx, input }) => {
    const data = input.include_counts ? await savedFilterStatuses(ctx.db, ctx.account.id) : await listSavedFilters(ctx.db, ctx.account.id);
    return { data, meta: { total: data.length } };
  });

export const sourceTypesRoute = get(listSourceTypesContract)
  .output(listSourceTypesContract.output)
  .query(async ({ ctx }) => {
    const data = await onReplica(ctx.db, sourceTypesList);
    return { data, meta: { total: data.length } };
  });
