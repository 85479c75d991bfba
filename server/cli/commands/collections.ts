import {
  assignCollection,
  createCollection,
  listAllCollections,
  updateCollection,
  VISIBILITIES,
  type TCollectionChange,
  type TCollectionView,
  type TVisibility,
} from "~/server/domain/rawdata/collections-admin";
import type { TCriteria } from "~/server/domain/rawdata/types";
import type { TCommand } from "../command";
import { parseListFlag, requireString, UsageError } from "../io";

/** `vmon collections create|update|assign|list`: raw-data collections (docs/api.md). */

const CRITERIA_OPTIONS = {
  classification: { type: "string" },
  path: { type: "string" },
  tags: { type: "string" },
  countries: { type: "string" },
  search: { type: "string" },
} as const;

const CRITERIA_USAGE = "[--classification a,b] [--path a,b] [--tags a,b] [--countries a,b] [--search TEXT]";

type TValues = Record<string, string | boolean | string[] | undefined>;

function visibility(v: TValues): TVisibility | undefined {
  if (v.visibility === undefined) return undefined;
  if (!VISIBILITIES.includes(v.visibility as TVisibility)) throw new UsageError("--visibility must be shared or private");
  return v.visibility as TVisibility;
}

function active(v: TValues): boolean | undefined {
  if (v.active && v.inactive) throw new UsageError("give --active or --inactive, not both");
  return v.active ? true : v.inactive ? false : undefined;
}

/** Criteria flags: a list or text sets the criterion; an empty value ("") removes it. */
function criteriaChange(v: TValues): TCollectionChange["criteria"] {
  const change: NonNullable<TCollectionChange["criteria"]> = {};
  for (const key of ["classification", "path", "tags", "countries"] as const) {
    if (v[key] === undefined) continue;
    const list = parseListFlag(v[key]) ?? [];
    change[key] = list.length > 0 ? list : null;
  }
  if (v.search !== undefined) change.search = String(v.search).trim() || null;
  return Object.keys(change).length > 0 ? change : undefined;
}

function describe(c: TCollectionView): string {
  const criteria = c.criteria === null ? "(malformed: no members)" : JSON.stringify(c.criteria);
  return [
    `${c.slug}  ${c.name}  [${c.visibility}${c.active ? "" : ", inactive"}]`,
    `  criteria: ${criteria}`,
    `  members:  ${c.members.toLocaleString("en-US")}`,
    ...(c.accounts.length > 0 ? [`  assigned: ${c.accounts.join(", ")}`] : []),
  ].join("\n");
}

export const collectionsCreateCommand: TCommand = {
  name: "collections create",
  usage:
    "vmon collections create --slug S --name N [--description D] [--visibility shared|private] [--inactive]\n" +
    `                        ${CRITERIA_USAGE}`,
  options: {
    slug: { type: "string" },
    name: { type: "string" },
    description: { type: "string" },
    visibility: { type: "string" },
    active: { type: "boolean" },
    inactive: { type: "boolean" },
    ...CRITERIA_OPTIONS,
  },
  async run({ io, values, database }) {
    const criteria = Object.fromEntries(Object.entries(criteriaChange(values) ?? {}).filter(([, x]) => x !== null)) as TCriteria;
    const created = await createCollection(database.db, {
      slug: requireString(values.slug, "--slug"),
      name: requireString(values.name, "--name"),
      description: typeof values.description === "string" ? values.description : undefined,
      visibility: visibility(values),
      active: active(values),
      criteria,
    });
    io.result(created, `Created collection:\n${describe(created)}`);
  },
};

export const collectionsUpdateCommand: TCommand = {
  name: "collections update",
  usage:
    "vmon collections update SLUG [--name N] [--description D] [--visibility shared|private] [--active|--inactive]\n" +
    `                        ${CRITERIA_USAGE}   (an empty value removes a criterion)`,
  options: {
    name: { type: "string" },
    description: { type: "string" },
    visibility: { type: "string" },
    active: { type: "boolean" },
    inactive: { type: "boolean" },
    ...CRITERIA_OPTIONS,
  },
  async run({ io, values, positionals, database }) {
    const slug = positionals[0];
    if (!slug) throw new UsageError("SLUG is required");
    if (positionals.length > 1) throw new UsageError(`unexpected argument '${positionals[1]}'`);
    const change: TCollectionChange = {
      name: typeof values.name === "string" ? values.name : undefined,
      description: typeof values.description === "string" ? values.description : undefined,
      visibility: visibility(values),
      active: active(values),
      criteria: criteriaChange(values),
    };
    if (Object.values(change).every((x) => x === undefined)) throw new UsageError("nothing to change: give at least one option");
    const updated = await updateCollection(database.db, slug, change);
    io.result(updated, `Updated collection:\n${describe(updated)}`);
  },
};

export const collectionsAssignCommand: TCommand = {
  name: "collections assign",
  usage: "vmon collections assign SLUG --email E[,E2...] [--unassign]   give (or take away) accounts' access",
  options: { email: { type: "string", multiple: true }, unassign: { type: "boolean" } },
  async run({ io, values, positionals, database }) {
    const slug = positionals[0];
    if (!slug) throw new UsageError("SLUG is required");
    const emails = ((values.email as string[] | undefined) ?? []).flatMap((e) => parseListFlag(e) ?? []);
    if (emails.length === 0) throw new UsageError("--email is required");
    const result = await assignCollection(database.db, slug, emails, { unassign: values.unassign === true });
    io.result(result, `${values.unassign ? "Unassigned" : "Assigned"} ${emails.join(", ")}:\n${describe(result)}`);
  },
};

export const collectionsListCommand: TCommand = {
  name: "collections list",
  usage: "vmon collections list                  every collection with its criteria, members and accounts",
  options: {},
  async run({ io, database }) {
    const rows = await listAllCollections(database.db);
    io.result(rows, rows.length > 0 ? rows.map(describe).join("\n") : "No collections.");
  },
};
