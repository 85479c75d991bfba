import { z } from "zod";
import { hashPassword } from "~/server/lib/password";
import type { TDb } from "~/server/db/client";
import { AppError } from "~/server/lib/errors";
import { groupNamed } from "../teams/team-name";

export const ZPlan = z.enum(["free", "paid", "unlimited"]);
export const ZScope = z.enum(["full", "collections_only"]);
const PERMISSIONS = ["network_a_profiles"] as const;
export const ZPermission = z.enum(PERMISSIONS);
const ZEmail = z.string().trim().toLowerCase().email("must be an e-mail address").max(254);

export interface TAccountSettings {
  plan?: z.infer<typeof ZPlan>;
  /** null clears the override */
  limit?: number | null;
  scope?: z.infer<typeof ZScope>;
  grant?: z.infer<typeof ZPermission>[];
  /** slugs of private (or shared) collections assigned to the account */
  collections?: string[];
  group?: string | null;
  staff?: boolean;
}

export async function createUser(db: TDb, input: { email: string; password?: string; staff?: boolean; name?: string }) {
  const email = ZEmail.parse(input.email);
  const existing = await db.account.findUnique({ where: { email } });
  if (existing) throw new AppError("conflict", `An account with e-mail ${email} already exists.`);
  if (input.password !== undefined && input.password.length < 8) {
    throw new AppError("validation_error", "password: must be at least 8 characters");
  }
  return db.account.create({
    data: {
      email,
      name: input.name,
      isStaff: input.staff ?? false,
      plan: input.staff ? "unlimited" : "free",
      passwordHash: input.password ? await hashPassword(input.password) : null,
    },
  });
}

/**
 * The rules of a new password (`vmon users set-password`, the password reset page): at least 8
 * characters, at most 200 (the longest a sign-in accepts, server/auth/credentials.ts).
 */
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

export function assertPasswordRules(password: string): void {
  if (password.length < PASSWORD_LENGTH.min)
    throw new AppError("validation_error", `password: must be at least ${PASSWORD_LENGTH.min} characters`);
  if (password.length > PASSWORD_LENGTH.max)
    throw new AppError("validation_error", `password: must be at most ${PASSWORD_LENGTH.max} characters`);
}

/**
 * Sets an account's password (by e-mail) and ends its browser sessions: a session signed in before
 * now is refused from the next request on (sessionsValidFrom, checked by the session reader), so a
 * password that leaked stops being useful to whoever signed in with it.
 */
export async function setPassword(db: TDb, input: { email: string; password: string }) {
  const email = ZEmail.parse(input.email);
  assertPasswordRules(input.password);
  const existing = await db.account.findUnique({ where: { email }, select: { id: true } });
  if (!existing) throw new AppError("not_found", `No account with e-mail ${email}.`);
  return db.account.update({
    where: { id: existing.id },
    data: { passwordHash: await hashPassword(input.password), sessionsValidFrom: new Date() },
  });
}

/**
 * Whether a browser session that began at `signedInAtSeconds` is still valid for an account whose
 * sessions are valid from `sessionsValidFrom` (set by a password change; none: every session).
 */
export function sessionValidSince(sessionsValidFrom: Date | null, signedInAtSeconds: number | undefined): boolean {
  if (!sessionsValidFrom) return true;
  return signedInAtSeconds !== undefined && signedInAtSeconds >= Math.floor(sessionsValidFrom.getTime() / 1000);
}

/** Finds the account by e-mail or creates it, then applies the given settings. */
export async function ensureAccount(db: TDb, emailInput: string, settings: TAccountSettings = {}) {
  const email = ZEmail.parse(emailInput);
  const account = (await db.account.findUnique({ where: { email } })) ?? (await db.account.create({ data: { email } }));
  return applySettings(db, account.id, settings);
}

export async function applySettings(db: TDb, accountId: number, s: TAccountSettings) {
  let groupId: number | null | undefined;
  if (s.group !== undefined) {
    groupId = s.group === null ? null : await groupNamed(db, s.group);
  }
  let collectionIds: number[] | undefined;
  if (s.collections !== undefined) {
    const found = await db.collection.findMany({ where: { slug: { in: s.collections } }, select: { id: true, slug: true } });
    const missing = s.collections.filter((slug) => !found.some((c) => c.slug === slug));
    if (missing.length > 0) throw new AppError("validation_error", `collections: unknown collection(s) ${missing.join(", ")}`);
    collectionIds = found.map((c) => c.id);
  }
  return db.$transaction(async (tx) => {
    const current = await tx.account.findUniqueOrThrow({ where: { id: accountId } });
    const permissions = s.grant ? [...new Set([...current.permissions, ...s.grant])] : undefined;
    const account = await tx.account.update({
      where: { id: accountId },
      data: {
        plan: s.staff ? "unlimited" : s.plan,
        limitOverride: s.limit,
        scope: s.scope,
        permissions,
        groupId,
        isStaff: s.staff,
      },
    });
    if (collectionIds) {
      await tx.collectionAssignment.deleteMany({ where: { accountId } });
      await tx.collectionAssignment.createMany({ data: collectionIds.map((collectionId) => ({ accountId, collectionId })) });
    }
    return account;
  });
}
