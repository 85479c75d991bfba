import type { TDb } from "~/server/db/client";
import { AppError, notFound, validationError } from "~/server/lib/errors";
import { criteriaCondition, parseStoredCriteria, ZCriteria } from "./criteria";
import type { TCriteria } from "./types";

/**
 * Managing collections (the `vmon collections` commands): create, update, assign to accounts,
 * list. Membership is never written here: it follows from the criteria (docs/api.md).
 */

const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9._~-]*$/;
export const VISIBILITIES = ["shared", "private"] as const;
export type TVisibility = (typeof VISIBILITIES)[number];

export interface TCollectionInput {
  slug: string;
  name: string;
  description?: string;
  visibility?: TVisibility;
  active?: boolean;
  criteria: TCriteria;
}

export interface TCollectionChange {
  name?: string;
  description?: string;
  visibility?: TVisibility;
  active?: boolean;
  /** Criteria to set; a key given as null removes that criterion. */
  criteria?: { [K in keyof TCriteria]?: TCriteria[K] | null };
}

export interface TCollectionView {
  slug: string;
  name: string;
  description: string;
  visibility: string;
  active: boolean;
  criteria: TCriteria | null;
  members: number;
  accounts: string[];
}

/** Validated, normalised criteria, or 400 validation_error naming the problem. */
function checkCriteria(value: unknown): TCriteria {
  const parsed = ZCriteria.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw validationError(`criteria${issue.path.length ? `.${issue.path.join(".")}` : ""}`, issue.message);
}

function checkSlug(slug: string): string {
  const s = slug.trim();
  if (!SLUG_RE.test(s) || s.length > 255) {
    throw validationError("slug", "must be a slug of at most 255 characters (letters, digits, '-', '_', '.', '~')");
  }
  return s;
}

function checkName(name: string | undefined, field = "name"): string | undefined {
  if (name === undefined) return undefined;
  const n = name.trim();
  if (n === "") throw validationError(field, "must not be empty");
  return n;
}

async function view(db: TDb, slug: string): Promise<TCollectionView> {
  const c = await db.collection.findUnique({
    where: { slug },
    include: { assignments: { include: { account: { select: { email: true } } } } },
  });
  if (!c) throw notFound(`Collection '${slug}'`);
  const criteria = parseStoredCriteria(c.criteria);
  const [{ n }] = (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM profile p WHERE ${criteriaCondition(criteria)}`) as [
    { n: number },
  ];
  return {
    slug: c.slug,
    name: c.name,
    description: c.description,
    visibility: c.visibility,
    active: c.active,
    criteria,
    members: n,
    accounts: c.assignments.map((a) => a.account.email).sort(),
  };
}

export async function createCollection(db: TDb, input: TCollectionInput): Promise<TCollectionView> {
  const slug = checkSlug(input.slug);
  const name = checkName(input.name)!;
  const criteria = checkCriteria(input.criteria);
  if (await db.collection.findUnique({ where: { slug } })) {
    throw new AppError("conflict", `A collection with slug '${slug}' already exists (use vmon collections update).`);
  }
  await db.collection.create({
    data: {
      slug,
      name,
      description: input.description?.trim() ?? "",
      visibility: input.visibility ?? "shared",
      active: input.active ?? true,
      criteria: criteria as never,
    },
  });
  return view(db, slug);
}

export async function updateCollection(db: TDb, slugInput: string, change: TCollectionChange): Promise<TCollectionView> {
  const slug = slugInput.trim();
  const current = await db.collection.findUnique({ where: { slug } });
  if (!current) throw notFound(`Collection '${slug}'`);
  let criteria: TCriteria | undefined;
  if (change.criteria) {
    const base = parseStoredCriteria(current.criteria) ?? {};
    const merged: Record<string, unknown> = { ...base };
    for (const [k, v] of Object.entries(change.criteria)) {
      if (v === null) delete merged[k];
      else if (v !== undefined) merged[k] = v;
    }
    criteria = checkCriteria(merged);
  }
  await db.collection.update({
    where: { slug },
    data: {
      name: checkName(change.name),
      description: change.description?.trim(),
      visibility: change.visibility,
      active: change.active,
      criteria: criteria as never,
    },
  });
  return view(db, slug);
}

/** Assigns the collection to the accounts (or removes the assignment); every e-mail must exist. */
export async function assignCollection(
  db: TDb,
  slugInput: string,
  emailsInput: string[],
  opts: { unassign?: boolean } = {},
): Promise<TCollectionView> {
  const slug = slugInput.trim();
  const collection = await db.collection.findUnique({ where: { slug } });
  if (!collection) throw notFound(`Collection '${slug}'`);
  const emails = [...new Set(emailsInput.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (emails.length === 0) throw validationError("email", "at least one account e-mail is required");
  const accounts = await db.account.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
  const missing = emails.filter((e) => !accounts.some((a) => a.email === e));
  if (missing.length > 0) throw new AppError("not_found", `No account with e-mail ${missing.join(", ")}.`);
  if (opts.unassign) {
    await db.collectionAssignment.deleteMany({ where: { collectionId: collection.id, accountId: { in: accounts.map((a) => a.id) } } });
  } else {
    await db.collectionAssignment.createMany({
      data: accounts.map((a) => ({ collectionId: collection.id, accountId: a.id })),
      skipDuplicates: true,
    });
  }
  return view(db, slug);
}

export async function listAllCollections(db: TDb): Promise<TCollectionView[]> {
  const rows = await db.collection.findMany({ select: { slug: true }, orderBy: { slug: "asc" } });
  const out: TCollectionView[] = [];
  for (const r of rows) out.push(await view(db, r.slug));
  return out;
}
