import {
  addCardToFolder,
  addCardsToFolder,
  createFolder,
  deleteFolder,
  getFolder,
  listFolders,
  removeCardFromFolder,
  renameFolder,
  setFolderVisibility,
} from "~/server/domain/userdata/folders";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { ZFolderCard, ZFolderCards, ZFolderRef, ZNamed, ZRename, ZShare } from "./user.types";

/** user.folders.*: the caller's folders and its team's shared ones; any other folder id is not_found. */
export const foldersRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listFolders(ctx.db, ctx.account.id)),
  get: protectedProcedure.input(ZFolderRef).query(({ ctx, input }) => getFolder(ctx.db, ctx.account.id, input.id)),
  create: protectedProcedure.input(ZNamed).mutation(({ ctx, input }) => createFolder(ctx.db, ctx.account.id, input.name)),
  rename: protectedProcedure.input(ZRename).mutation(({ ctx, input }) => renameFolder(ctx.db, ctx.account.id, input.id, input.name)),
  delete: protectedProcedure.input(ZFolderRef).mutation(({ ctx, input }) => deleteFolder(ctx.db, ctx.account.id, input.id)),
  /** Shares the folder with the caller's team, or makes it private again (its creator and the team's admins). */
  share: protectedProcedure
    .input(ZShare)
    .mutation(({ ctx, input }) => setFolderVisibility(ctx.db, ctx.account.id, input.id, input.visibility)),
  addCard: protectedProcedure
    .input(ZFolderCard)
    .mutation(({ ctx, input }) => addCardToFolder(ctx.db, ctx.account.id, input.id, input.cardId)),
  addCards: protectedProcedure
    .input(ZFolderCards)
    .mutation(({ ctx, input }) => addCardsToFolder(ctx.db, ctx.account.id, input.id, input.cardIds)),
  removeCard: protectedProcedure
    .input(ZFolderCard)
    .mutation(({ ctx, input }) => removeCardFromFolder(ctx.db, ctx.account.id, input.id, input.cardId)),
});
