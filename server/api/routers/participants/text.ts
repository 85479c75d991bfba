import { z } from "zod";
import { zList, zText } from "~/server/lib/params";

/**
 * PostgreSQL text cannot hold NUL characters: a value carrying one would fail in the database (a
 * 500). These wrap the shared parameter helpers to refuse it up front with a 400 naming the parameter.
 */
const NO_NUL = "must not contain NUL characters";

export const zCleanText = (max: number) => zText(max).refine((v) => v === undefined || !v.includes("\0"), NO_NUL);

export const zCleanList = (opts: { maxItems: number; maxLength: number }) =>
  zList(opts).refine((v) => v === undefined || v.every((s) => !s.includes("\0")), NO_NUL);

export const zCleanString = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !v.includes("\0"), NO_NUL);
