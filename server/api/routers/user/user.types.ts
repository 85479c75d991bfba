import { z } from "zod";

/** Inputs of the browser-only per-user procedures (JSON from the UI; no REST export). */
const zId = () => z.number().int().min(1).max(2_147_483_647);
const noNul = (s: string) => !s.includes("\u0000");
const text = () => z.string().refine(noNul, "must not contain NUL characters");

export const zName = () => text().trim().min(1, "must not be empty").max(100, "must be at most 100 characters");

export const ZCardRef = z.object({ cardId: zId() }).strict();
export const ZNoteInput = z.object({ cardId: zId(), text: text().trim().min(1, "must not be empty").max(10_000) }).strict();
export const ZIntroInput = z.object({ cardId: zId(), message: text().trim().max(2000).optional() }).strict();
export const ZFolderRef = z.object({ id: zId() }).strict();
export const ZNamed = z.object({ name: zName() }).strict();
export const ZRename = z.object({ id: zId(), name: zName() }).strict();
export const ZFolderCard = z.object({ id: zId(), cardId: zId() }).strict();
export const ZShare = z.object({ id: zId(), visibility: z.enum(["private", "team"]) }).strict();
export const ZFolderCards = z.object({ id: zId(), cardIds: z.array(zId()).min(1).max(500) }).strict();
