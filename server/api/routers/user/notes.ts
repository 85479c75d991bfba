import { deleteNote, getNote, saveNote } from "~/server/domain/userdata/notes";
import { createTRPCRouter, protectedProcedure } from "~/server/api/trpc";
import { ZCardRef, ZNoteInput } from "./user.types";

/** user.notes.*: one note per card for the caller (user_data.note). */
export const notesRouter = createTRPCRouter({
  get: protectedProcedure.input(ZCardRef).query(({ ctx, input }) => getNote(ctx.db, ctx.account.id, input.cardId)),
  save: protectedProcedure.input(ZNoteInput).mutation(({ ctx, input }) => saveNote(ctx.db, ctx.account.id, input.cardId, input.text)),
  delete: protectedProcedure.input(ZCardRef).mutation(({ ctx, input }) => deleteNote(ctx.db, ctx.account.id, input.cardId)),
});
