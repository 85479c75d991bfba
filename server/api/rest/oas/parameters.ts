import { CHANGE_TYPES } from "~/server/domain/radar/types";
import type { TOperationDoc } from "~/server/api/contract";

/**
 * Parameter corrections and descriptions. The adapter derives parameter schemas from the zod
 * preprocess helpers (server/lib/params.ts), whose JSON schema says nothing of how values travel:
 * comma lists need `style: form, explode: false`, ids are integers, dates have a format, and the
 * lenient raw-data parameters are plain strings in zod. The fixes are made here, on the document.
 */

type TSchema = Record<string, unknown>;
export interface TParameter {
  name: string;
  in: "query" | "path" | "header" | "cookie";
  description?: string;
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema?: TSchema;
  example?: unknown;
}

const DATE_FILTERS: Record<string, string> = {
  created_after: "Created on or after this UTC day",
  created_before: "Created on or before this UTC day",
  updated_after: "Updated on or after this UTC day",
  updated_before: "Updated on or before this UTC day",
  last_interaction_after: "Last interaction on or after this UTC day",
  last_interaction_before: "Last interaction on or before this UTC day",
  first_interaction_after: "First interaction on or after this UTC day",
  first_interaction_before: "First interaction on or before this UTC day",
  created_within_days:
    "Rolling window: created on or after the UTC day this many days before today (1-3650), resolved at each request; with `created_after` both apply.",
  updated_within_days:
    "Rolling window: updated on or after the UTC day this many days before today (1-3650), resolved at each request; with `updated_after` both apply.",
  last_interaction_within_days:
    "Rolling window: last interaction on or after the UTC day this many days before today (1-3650), resolved at each request; with `last_interaction_after` both apply.",
  first_interaction_within_days:
    "Rolling window: first interaction on or after the UTC day this many days before today (1-3650), resolved at each request; with `first_interaction_after` both apply.",
};

/** Descriptions shared by every operation with the parameter (an operation's own `params` win). */
const SHARED: Record<string, string> = {
  offset: "Items to skip before the page (default 0).",
  include_total: "Count the matching items (default true); false skips the count and `pagination.total` is null.",
  include_user_data: "Add your own data (likes, notes, folders; `is_saved` on participants). Default false.",
  filter_id: "Apply one of your saved filters (GET /v1/cards/filters/); parameters given explicitly win over it.",
  sort: "A preset (`trending`, `recent`, `most_active`) or `field:direction[,field:direction]` over created_at, updated_at, name, interactions_count, latest_signal_date. Default `latest_signal_date:desc`.",
  view: "`default` (all list fields) or `compact` (id, slug, name, public_url, stage, round, interactions_count, last_interaction_at).",
  fields: "Top-level fields to return (wins over `view`).",
  stages: "Stage slugs (GET /v1/cards/stages/); OR with each other and with `rounds`.",
  rounds: "Round slugs (GET /v1/cards/rounds/); OR with each other and with `stages`.",
  categories: "Category slugs (GET /v1/cards/categories/); a parent includes its children.",
  locations: "Location slugs (GET /v1/cards/locations/); a region includes its locations.",
  participants: "Participant slugs: cards that any of them signalled (directly or through an associated participant).",
  source_types: "Source type slugs (GET /v1/cards/source-types/), matched on the card's earliest signal.",
  display_preference: "`web3`, `web2` or `all` (default).",
  folder_ids: "Ids of your folders (GET /v1/cards/folders/).",
  search: "Text search: every word must occur in the name or description (the last word as a prefix).",
  semantic: "Rank by meaning instead: needs `search`; items carry `similarity`.",
  min_similarity: "With `semantic`: drop items under this cosine similarity (0.0-1.0, default 0.3).",
  featured: "true: featured cards only; false: the others.",
  new: "true: cards created in the last 7 days; false: the others.",
  trending: "true: trending cards only; false: the others.",
  min_signals: "At least this many interactions.",
  max_signals: "At most this many interactions.",
  ...DATE_FILTERS,
  slug: "The slug (URL identifier) of the resource.",
  source: "The network: `network_a` or `network_b`.",
  id: "The numeric id of the resource.",
  q: "Substring search (case-insensitive).",
  is_tracking: "true: tracked ones only; false: untracked ones only.",
  order: "`asc` or `desc` (each sort has its own default).",
  init_status: "Applications in this state only.",
  connection_id: "Updates of one connection (needs `source`).",
  change_type: "Updates of this change type (GET /v1/radar/updates/meta/).",
  change_types: "Updates of any of these change types.",
  type: "Participant type slug (GET /v1/participants/types/).",
  web3: "true: participants with a web3 focus; false: the others.",
  web2: "true: participants with a web2 focus; false: the others.",
  saved_only: "true: only the participants you saved.",
  slugs: "Participant slugs, at most 100.",
};

const listOf = (items: TSchema): TSchema => ({ type: "array", items });

/** Raw-data parameters: zod keeps them as strings (lenient parsing); their real types. */
const LENIENT_SCHEMAS: Record<string, TSchema> = {
  limit: { type: "integer" },
  offset: { type: "integer", default: 0 },
  include_total: { type: "boolean", default: true },
  classification: listOf({ type: "string", enum: ["strong_potential_founder", "potential_founder", "noise"] }),
  path: listOf({ type: "string", enum: ["declared_founder", "imminent_founder"] }),
  tags: listOf({ type: "string" }),
  collection: listOf({ type: "string" }),
  id: { type: "integer", minimum: 1 },
};

/** Corrects one parameter of an operation in place and gives it a description. */
export function fixParameter(p: TParameter, op: TOperationDoc): void {
  // zod's .describe() lands in the schema; it becomes the parameter's description.
  const zodDescription = typeof p.schema?.description === "string" ? p.schema.description : undefined;
  if (op.tag === "Raw data" && LENIENT_SCHEMAS[p.name]) p.schema = { ...LENIENT_SCHEMAS[p.name] };
  const schema = (p.schema ??= {});
  if (p.in === "path") {
    p.required = true;
    if (p.name === "id" || p.name === "delivery_id") p.schema = { type: "integer", minimum: 1, maximum: 999_999_999 };
  }
  if (p.name === "limit" && op.page) {
    Object.assign(schema, { type: "integer", minimum: 1, default: op.page.default });
    delete schema.maximum;
  }
  if (p.name === "offset") Object.assign(schema, { minimum: 0, default: 0 });
  if (p.name === "include_total") schema.default = true;
  if (DATE_FILTERS[p.name]) schema.format = "date";
  if (p.name === "folder_ids") schema.items = { type: "integer", minimum: 1 };
  if (p.name === "change_types") schema.items = { type: "string", enum: [...CHANGE_TYPES] };
  if (p.schema.type === "array" && p.in === "query") {
    // `a,b` in one value; the service also accepts the key repeated.
    p.style = "form";
    p.explode = false;
  }
  delete p.schema.description;
  // Paging is described the same way everywhere; other parameters prefer what the procedure says.
  const paging =
    p.name === "limit" && op.page
      ? `Page size: default ${op.page.default}, at most ${op.page.max} (a larger value is clamped).`
      : p.name === "offset" || p.name === "include_total"
        ? SHARED[p.name]
        : undefined;
  p.description = op.params?.[p.name] ?? paging ?? zodDescription ?? SHARED[p.name];
}

/** Descriptions of body fields (POST and PATCH), by name. */
const BODY_FIELDS: Record<string, string> = {
  ...SHARED,
  source: "The network: `network_a` or `network_b` (identifiers of the two are never mixed).",
  username: "The profile's username (network_a: the last segment of its profile URL).",
  network_a_url: "network_a only: the profile URL.",
  network_b_url: "network_b only: the profile URL.",
  network_b_user_id: "network_b only: the numeric user id.",
  is_tracking: "Track the profile: refresh it on a schedule and report its changes (on create, default true).",
  applications: "Up to 1,000 items, each a create body without `source`.",
  ids: "Application or connection ids of `source`.",
  limit: "Page size: default 20, at most 100 (a larger value is clamped).",
};

/** Describes and corrects the top-level fields of a JSON request body schema, in place. */
export function fixBodySchema(schema: TSchema): void {
  const props = schema.properties as Record<string, TSchema> | undefined;
  if (!props) return;
  for (const [name, prop] of Object.entries(props)) {
    if (DATE_FILTERS[name]) prop.format = "date";
    if (name === "folder_ids") prop.items = { type: "integer", minimum: 1 };
    if (typeof prop.description !== "string" && BODY_FIELDS[name]) prop.description = BODY_FIELDS[name];
  }
}
