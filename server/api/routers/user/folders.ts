import {
  addCardToFolder,
  addCardsToFolder,
  createFolder,
  deleteFolder,
  getFolder,
  listFolders,
  removeCardFromFolder,
  renameFolder,
} from "~/server/domain/userdata/folders";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { ZFolderCard, ZFolderCards, ZFolderRef, ZNamed, ZRename } from "./user.types";

/** user.folders.*: the caller's folders; another account's folder id is not_found. */
export const foldersRouter = createTRPCRouter({
  list: protectedProcedure.query(({ ctx }) => listFolders(ctx.db, ctx.account.id)),
  get: protectedProcedure.input(ZFolderRef).query(({ ctx, input }) => getFolder(ctx.db, ctx.account.id, input.id)),
  create: protectedProcedure.input(ZNamed).mutation(({ ctx, input }) => createFolder(ctx.db, ctx.account.id, input.name)),
  rename: protectedProcedure.input(ZRename).mutation(({ ctx, input }) => renameFolder(ctx.db, ctx.account.id, input.id, input.name)),
  delete: protectedProcedure.input(ZFolderRef).mutation(({ ctx, input }) => deleteFolder(ctx.db, ctx.account.id, input.id)),
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
