import type { z } from "zod";
import type { TContract, TToolText } from "../api/contract";
import { cardAggregateContract } from "../api/routers/cards/aggregate.contract";
import { listCardCommentsContract } from "../api/routers/cards/comments.contract";
import { getCardContract } from "../api/routers/cards/detail.contract";
import { markSavedFilterSeenContract, savedFilterNewCardsContract } from "../api/routers/cards/filter-news.contract";
import { listCardInteractionsContract } from "../api/routers/cards/interactions.contract";
import { searchCardsContract } from "../api/routers/cards/list.contract";
import { cardLookupContract } from "../api/routers/cards/lookup.contract";
import {
  LIST_REFERENCE_TOOL,
  listCategoriesContract,
  listFoldersContract,
  listLocationsContract,
  listRoundsContract,
  listSavedFiltersContract,
  listSourceTypesContract,
  listStagesContract,
} from "../api/routers/cards/reference.contract";
import { getParticipantContract } from "../api/routers/participants/detail.contract";
import { listParticipantsContract } from "../api/routers/participants/list.contract";
import { createRadarApplicationContract } from "../api/routers/radar/applications-create.contract";
import { listRadarApplicationsContract } from "../api/routers/radar/applications-list.contract";
import { listRadarUpdatesContract } from "../api/routers/radar/updates.contract";
import { listCollectionsContract } from "../api/routers/rawdata/collections.contract";
import { listFounderProfilesContract } from "../api/routers/rawdata/profiles.contract";
import { autocompleteContract } from "../api/routers/search/autocomplete.contract";
import { AppError } from "../lib/errors";
import type { TAppCaller } from "./app-caller";
import { jsonSchemaOf, type TJsonSchema } from "./json-schema";
import { itemFieldsOf, listInputSchema, listOutputSchema } from "./list-schema";
import type { TListSpec } from "./paging";

/**
 * The MCP tools (docs/mcp.md). Each one is a thin call of a tRPC procedure that also serves /v1, so
 * validation, permissions, OAuth scopes and quota counting are the procedure's own. A tool's name
 * and text come from its operation's contract (`tools` in routers/<domain>/<procedure>.contract.ts),
 * its `inputSchema` and `outputSchema` from the contract's zod input and output, and it calls the
 * procedure through the typed server-side caller (call.ts); its result is the JSON of the /v1
 * response. This list binds each tool to its procedure and sets the order of tools/list. A list
 * tool also takes `cursor`, `fields` and `response_format`, and its result is capped in size
 * (paging.ts, list-schema.ts).
 */

type TArgs = Record<string, unknown>;

/** Picks the procedure to call from a caller (typed: its input and output are the contract's). */
type TProcedureCall = (caller: TAppCaller) => (input: never) => Promise<unknown>;

export interface TTool {
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  inputSchema: TJsonSchema;
  outputSchema: TJsonSchema;
  /** The procedure to call and its input, for the tool's arguments (an AppError when they cannot name one). */
  route(args: TArgs): { call: TProcedureCall; input: unknown };
  /** How a list tool pages (absent: the tool answers its operation's result as it is). */
  list?: TListSpec;
}

interface TAdjust {
  /** The procedure's input for the tool's arguments (default: the arguments as they are). */
  input?: (args: TArgs) => unknown;
  schema?: (s: TJsonSchema) => TJsonSchema;
  /** A list tool, with the fields its items' markdown lines show after their name. */
  list?: { lineFields?: readonly string[] };
}

function toolText(contract: TContract, name: string): TToolText {
  const text = contract.tools?.find((t) => t.name === name);
  if (!text) throw new Error(`MCP: the contract of ${contract.operationId} names no tool ${name}`);
  return text;
}

/** A tool that calls one procedure, described by its contract. */
function direct<TIn extends z.ZodType, TOut extends z.ZodType>(
  contract: TContract<TIn, TOut>,
  name: string,
  call: (caller: TAppCaller) => (input: z.input<TIn>) => Promise<z.output<TOut>>,
  adjust?: TAdjust,
): TTool {
  const text = toolText(contract, name);
  const baseInput = jsonSchemaOf(contract.input, "input");
  let inputSchema = adjust?.schema ? adjust.schema(baseInput) : baseInput;
  let outputSchema = jsonSchemaOf(contract.output, "output");
  let list: TListSpec | undefined;
  if (adjust?.list) {
    // The operation pages itself when it takes an offset, and selects fields itself when it takes them.
    const own = inputSchema.properties as Record<string, unknown>;
    const fields = itemFieldsOf(outputSchema);
    list = {
      paging: "offset" in own ? "offset" : "all",
      ownFields: "fields" in own,
      itemFields: () => fields,
      lineFields: adjust.list.lineFields,
    };
    inputSchema = listInputSchema(inputSchema, list, fields);
    outputSchema = listOutputSchema(outputSchema);
  }
  return {
    name,
    title: text.title,
    description: contract.scope !== "none" ? `${text.description}\n\nOAuth scope: ${contract.scope}.` : text.description,
    readOnly: text.readOnly ?? contract.method === "GET",
    inputSchema,
    outputSchema,
    route: (args) => ({ call: call as TProcedureCall, input: adjust?.input ? adjust.input(args) : args }),
    list,
  };
}

/**
 * The raw-profile endpoints take every parameter as text (their lenient rules); a model may well
 * send `limit: 10` or `include_total: false`, which a query string would carry as "10" and "false".
 */
function asQueryText(args: TArgs): TArgs {
  const out: TArgs = {};
  for (const [k, v] of Object.entries(args)) out[k] = typeof v === "number" || typeof v === "boolean" ? String(v) : v;
  return out;
}

/**
 * A tool argument that is a path id on /v1 (`/cards/filters/{id}/new/`): a URL carries it as text, a
 * model sends a JSON integer, which the tool takes (and says it takes) as the URL would carry it.
 */
const pathId: TAdjust = {
  input: (args) => (typeof args.id === "number" ? { ...args, id: String(args.id) } : args),
  schema: (s) =>
    withProperty(s, "id", {
      type: "integer",
      minimum: 1,
      maximum: 999_999_999,
      description: "The saved filter's id (list_saved_filters).",
    }),
};

function withProperty(s: TJsonSchema, name: string, schema: Record<string, unknown>): TJsonSchema {
  return { ...s, properties: { ...(s.properties as object), [name]: schema } };
}

const REFERENCE_KINDS = {
  stages: { contract: listStagesContract, call: (c) => c.cards.stages },
  rounds: { contract: listRoundsContract, call: (c) => c.cards.rounds },
  categories: { contract: listCategoriesContract, call: (c) => c.cards.categories },
  locations: { contract: listLocationsContract, call: (c) => c.cards.locations },
  source_types: { contract: listSourceTypesContract, call: (c) => c.cards.sourceTypes },
  folders: { contract: listFoldersContract, call: (c) => c.cards.folders },
  saved_filters: { contract: listSavedFiltersContract, call: (c) => c.cards.filters },
} as const satisfies Record<string, { contract: TContract; call: TProcedureCall }>;
type TReferenceKind = keyof typeof REFERENCE_KINDS;
const KINDS = Object.keys(REFERENCE_KINDS) as TReferenceKind[];

/** list_reference: one of seven parameterless procedures, chosen by `kind`, each list paged by the tool. */
function referenceTool(): TTool {
  const outputs = Object.values(REFERENCE_KINDS).map(({ contract }) => jsonSchemaOf(contract.output, "output"));
  const fieldsByKind = new Map(KINDS.map((kind, i) => [kind as string, itemFieldsOf(outputs[i]!)]));
  const list: TListSpec = {
    paging: "all",
    ownFields: false,
    itemFields: (args) => (typeof args.kind === "string" ? fieldsByKind.get(args.kind) : undefined),
  };
  const base = jsonSchemaOf(listStagesContract.input, "input");
  return {
    name: LIST_REFERENCE_TOOL.name,
    title: LIST_REFERENCE_TOOL.title,
    description: LIST_REFERENCE_TOOL.description,
    readOnly: LIST_REFERENCE_TOOL.readOnly ?? true,
    inputSchema: listInputSchema(
      {
        ...base,
        properties: { kind: { type: "string", enum: KINDS, description: "which list" }, ...(base.properties as object) },
        required: ["kind"],
      },
      list,
      undefined,
    ),
    outputSchema: listOutputSchema({ type: "object", anyOf: outputs }),
    list,
    route: ({ kind, ...rest }) => {
      if (typeof kind !== "string" || !Object.hasOwn(REFERENCE_KINDS, kind)) {
        const message = kind === undefined ? "is required" : `must be one of: ${KINDS.join(", ")}`;
        throw new AppError("validation_error", `Invalid value for kind: ${message}.`, { details: { kind: [message] } });
      }
      return { call: REFERENCE_KINDS[kind as TReferenceKind].call, input: rest };
    },
  };
}

/** The fields of a card's markdown line after its name, and of a founder profile's. */
const CARD_LINE = ["slug", "stage", "round", "location", "interactions_count", "last_interaction_at", "url", "similarity"];
const PROFILE_LINE = ["id", "headline", "location", "classification", "status"];

function buildTools(): TTool[] {
  return [
    direct(autocompleteContract, "autocomplete", (c) => c.search.autocomplete),
    // POST /v1/cards/: the list with its parameters in a JSON body
    direct(searchCardsContract, "search_cards", (c) => c.cards.search, { list: { lineFields: CARD_LINE } }),
    direct(cardLookupContract, "lookup_cards", (c) => c.cards.lookup),
    direct(cardAggregateContract, "aggregate_cards", (c) => c.cards.aggregate),
    direct(getCardContract, "get_card", (c) => c.cards.detail),
    direct(listCardInteractionsContract, "list_card_interactions", (c) => c.cards.interactions, {
      list: { lineFields: ["created_at", "participant", "associated_participant"] },
    }),
    referenceTool(),
    // GET /v1/cards/filters/?include_counts=true: the tool always answers the counts.
    direct(listSavedFiltersContract, "list_saved_filters", (c) => c.cards.filters, {
      input: (args) => ({ ...args, include_counts: true }),
      schema: ({ properties, ...s }) => ({
        ...s,
        properties: Object.fromEntries(Object.entries(properties as object).filter(([k]) => k !== "include_counts")),
      }),
      list: { lineFields: ["id", "visibility", "matching", "new_since_seen", "last_seen_at"] },
    }),
    direct(savedFilterNewCardsContract, "saved_filter_new_cards", (c) => c.cards.filterNewCards, {
      input: pathId.input,
      // `since` takes a date-time too, not only the date that a date parameter's schema names.
      schema: (s) =>
        withProperty(pathId.schema!(s), "since", {
          type: "string",
          description: "Count from this instant instead: YYYY-MM-DD (00:00 UTC) or an ISO 8601 date-time with its time zone.",
        }),
      list: { lineFields: CARD_LINE },
    }),
    direct(markSavedFilterSeenContract, "mark_saved_filter_seen", (c) => c.cards.markFilterSeen, pathId),
    direct(listFoldersContract, "list_folders", (c) => c.cards.folders, {
      list: { lineFields: ["id", "visibility", "cards_count", "owner"] },
    }),
    direct(listCardCommentsContract, "get_card_comments", (c) => c.cards.comments, {
      list: { lineFields: ["author", "created_at", "text"] },
    }),
    direct(listParticipantsContract, "search_participants", (c) => c.participants.list, {
      list: { lineFields: ["slug", "type", "monthly_signals", "about", "similarity"] },
    }),
    direct(getParticipantContract, "get_participant", (c) => c.participants.detail),
    direct(listFounderProfilesContract, "search_profiles", (c) => c.rawData.profiles, {
      input: asQueryText,
      list: { lineFields: PROFILE_LINE },
    }),
    direct(listCollectionsContract, "list_collections", (c) => c.rawData.collections, {
      input: asQueryText,
      list: { lineFields: ["slug", "description"] },
    }),
    direct(listFounderProfilesContract, "list_collection_profiles", (c) => c.rawData.profiles, {
      input: (args) => {
        if (typeof args.collection !== "string" || args.collection.trim() === "") {
          throw new AppError("validation_error", "Invalid value for collection: is required.", {
            details: { collection: ["is required"] },
          });
        }
        return asQueryText(args);
      },
      schema: (s) => ({ ...s, required: ["collection"] }),
      list: { lineFields: PROFILE_LINE },
    }),
    direct(createRadarApplicationContract, "radar_follow", (c) => c.radar.createApplication),
    direct(listRadarApplicationsContract, "radar_list", (c) => c.radar.listApplications, {
      list: { lineFields: ["id", "source", "network_a_url", "network_b_url", "is_tracking", "init_status"] },
    }),
    direct(listRadarUpdatesContract, "radar_updates", (c) => c.radar.updates, {
      list: { lineFields: ["id", "change_type", "detected_at", "connection"] },
    }),
  ];
}

let tools: TTool[] | undefined;
let byName: Map<string, TTool> | undefined;

/** The tools, with their schemas, built once per process. */
export function mcpTools(): TTool[] {
  tools ??= buildTools();
  return tools;
}

export function mcpTool(name: string): TTool | undefined {
  byName ??= new Map(mcpTools().map((t) => [t.name, t]));
  return byName.get(name);
}
