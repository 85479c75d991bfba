import { z } from "zod";
import { appRouter } from "../api/root";
import { AppError } from "../lib/errors";
import { jsonSchemaOf, type TJsonSchema } from "./json-schema";

/**
 * The MCP tools (docs/mcp.md). Each one is a thin call of a tRPC procedure that also serves /v1, so
 * validation, permissions, OAuth scopes and quota counting are the procedure's own. A tool names
 * its procedure by its path in the app router; its `inputSchema` and `outputSchema` are derived
 * from that procedure's zod input and output, and its result is the JSON of the /v1 response.
 */

type TArgs = Record<string, unknown>;

interface TProcedureDef {
  inputs: z.ZodType[];
  output?: z.ZodType;
  meta?: { scope?: string };
}

/** A procedure's path in the app router ("cards.search"); checked when the tools are built. */
export type TProcedurePath = `${string}.${string}`;

function procedureDef(path: TProcedurePath): TProcedureDef & { type: string } {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: TProcedureDef & { type: string } } | undefined>)[path];
  if (!procedure) throw new Error(`MCP: no procedure ${path} in the app router`);
  return procedure._def;
}

function inputSchemaOf(path: TProcedurePath): TJsonSchema {
  const input = procedureDef(path).inputs[0];
  if (!input) throw new Error(`MCP: procedure ${path} declares no input`);
  return jsonSchemaOf(input, "input");
}

function outputSchemaOf(path: TProcedurePath): TJsonSchema {
  const output = procedureDef(path).output;
  if (!output) throw new Error(`MCP: procedure ${path} declares no output`);
  return jsonSchemaOf(output, "output");
}

export interface TTool {
  name: string;
  title: string;
  description: string;
  readOnly: boolean;
  inputSchema: TJsonSchema;
  outputSchema: TJsonSchema;
  /** The procedure to call and its input, for the tool's arguments (an AppError when they cannot name one). */
  route(args: TArgs): { path: TProcedurePath; input: unknown };
}

interface TToolDoc {
  title: string;
  description: string;
}

interface TAdjust {
  /** The procedure's input for the tool's arguments (default: the arguments as they are). */
  input?: (args: TArgs) => unknown;
  schema?: (s: TJsonSchema) => TJsonSchema;
  /** Whether the tool only reads (default: the procedure is a query). */
  readOnly?: boolean;
}

/** A tool that calls one procedure. */
function direct(name: string, path: TProcedurePath, doc: TToolDoc, adjust?: TAdjust): TTool {
  const scope = procedureDef(path).meta?.scope;
  const inputSchema = inputSchemaOf(path);
  return {
    name,
    title: doc.title,
    description: scope && scope !== "none" ? `${doc.description}\n\nOAuth scope: ${scope}.` : doc.description,
    readOnly: adjust?.readOnly ?? isQuery(path),
    inputSchema: adjust?.schema ? adjust.schema(inputSchema) : inputSchema,
    outputSchema: outputSchemaOf(path),
    route: (args) => ({ path, input: adjust?.input ? adjust.input(args) : args }),
  };
}

function isQuery(path: TProcedurePath): boolean {
  return procedureDef(path).type === "query";
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

const PAGING = "Page with `limit` and `offset`; `pagination.has_next` says whether another page exists.";

const REFERENCE_KINDS = {
  stages: "cards.stages",
  rounds: "cards.rounds",
  categories: "cards.categories",
  locations: "cards.locations",
  source_types: "cards.sourceTypes",
  folders: "cards.folders",
  saved_filters: "cards.filters",
} as const satisfies Record<string, TProcedurePath>;
type TReferenceKind = keyof typeof REFERENCE_KINDS;
const KINDS = Object.keys(REFERENCE_KINDS) as TReferenceKind[];

/** list_reference: one of seven parameterless procedures, chosen by `kind`. */
function referenceTool(): TTool {
  const paths = Object.values(REFERENCE_KINDS);
  const outputs = paths.map(outputSchemaOf);
  const base = inputSchemaOf("cards.stages");
  return {
    name: "list_reference",
    title: "List reference data",
    description: [
      "Lists the values that the filters of search_cards take: `stages`, `rounds`, `categories` (parents with their children),",
      "`locations` (regions with countries, states and cities), `source_types`, and the account's own `folders` (ids for",
      "folder_ids) and `saved_filters` (ids for filter_id). Use the `slug` of an item as the filter value. Not paginated.",
      "\n\nOAuth scope: cards:read.",
    ].join(" "),
    readOnly: true,
    inputSchema: {
      ...base,
      properties: { kind: { type: "string", enum: KINDS, description: "which list" }, ...(base.properties as object) },
      required: ["kind"],
    },
    outputSchema: { type: "object", anyOf: outputs },
    route: ({ kind, ...rest }) => {
      if (typeof kind !== "string" || !Object.hasOwn(REFERENCE_KINDS, kind)) {
        const message = kind === undefined ? "is required" : `must be one of: ${KINDS.join(", ")}`;
        throw new AppError("validation_error", `Invalid value for kind: ${message}.`, { details: { kind: [message] } });
      }
      return { path: REFERENCE_KINDS[kind as TReferenceKind], input: rest };
    },
  };
}

function buildTools(): TTool[] {
  return [
    direct("search_cards", "cards.search", {
      title: "Search cards",
      description: [
        "Searches the curated cards (startups and projects) and returns one page of them, newest signal first by default.",
        "Filters combine with AND across parameters and OR inside a list: `stages`, `rounds`, `categories`, `locations`,",
        "`participants` and `source_types` take slugs from list_reference (or participant slugs from search_participants);",
        "`search` is a keyword search, with `semantic: true` a search by meaning (ranked by similarity, `min_similarity` 0..1);",
        "`featured`, `new`, `trending`, `min_signals`/`max_signals` and the `*_after`/`*_before` dates (YYYY-MM-DD) narrow further;",
        "`folder_ids` and `filter_id` use the account's folders and saved filters. `sort` is a preset (trending, recent,",
        "most_active) or `field:asc|desc` over created_at, updated_at, name, interactions_count, latest_signal_date.",
        "`view: compact` or `fields` trims each card. `include_total: false` skips the count (faster).",
        `${PAGING} At most 100 cards a page (default 20). get_card gives one card in full.`,
      ].join(" "),
    }, { readOnly: true }), // POST /v1/cards/: the list with its parameters in a JSON body
    direct("get_card", "cards.detail", {
      title: "Get a card",
      description:
        "One card in full by its slug (from search_cards): stage, round, location, links, categories, people, network profile and signal counts. `include_user_data: true` adds the account's like, note and folders.",
    }),
    direct("list_card_interactions", "cards.interactions", {
      title: "List a card's interactions",
      description: `The interactions (signals) of one card by its slug, newest first: who interacted, from which source, when. ${PAGING} At most 200 a page (default 50).`,
    }),
    referenceTool(),
    direct("search_participants", "participants.list", {
      title: "Search participants",
      description: [
        "Searches participants (investors, funds, people and organisations whose interactions are the cards' signals).",
        "`search` is a keyword search, with `semantic: true` a search by meaning; `type` filters by participant type slug;",
        "`web3`/`web2` by focus; `saved_only: true` keeps the account's saved participants. `sort`: name (default),",
        `most_active, or field:asc|desc. ${PAGING} At most 200 a page (default 50). Slugs work in search_cards' \`participants\` filter.`,
      ].join(" "),
    }),
    direct("get_participant", "participants.detail", {
      title: "Get a participant",
      description: "One participant in full by its slug (from search_participants), with its sources and activity.",
    }),
    direct(
      "search_profiles",
      "rawData.profiles",
      {
        title: "Search founder profiles",
        description: [
          "Searches raw founder profiles of network A (restricted: the account needs raw-data access, or is limited to its",
          "collections). `search` matches words in name, headline and summary; `classification` and `path` take comma lists;",
          "`tags`, `status`, `created_at` (on or after) narrow further; `collection` reads collections (see list_collections).",
          `Invalid values are ignored and reported in meta.ignored, never an error. ${PAGING} At most 200 a page (default 50).`,
        ].join(" "),
      },
      { input: asQueryText },
    ),
    direct("list_collections", "rawData.collections", {
      title: "List collections",
      description: `The founder-profile collections available to the account (shared ones and private ones assigned to it). Their slugs go to list_collection_profiles. ${PAGING}`,
    }, { input: asQueryText }),
    direct(
      "list_collection_profiles",
      "rawData.profiles",
      {
        title: "List a collection's profiles",
        description: `The founder profiles in one or more collections: \`collection\` is a slug from list_collections (a comma list reads several). The other parameters are those of search_profiles. ${PAGING}`,
      },
      {
        input: (args) => {
          if (typeof args.collection !== "string" || args.collection.trim() === "") {
            throw new AppError("validation_error", "Invalid value for collection: is required.", { details: { collection: ["is required"] } });
          }
          return asQueryText(args);
        },
        schema: (s) => ({ ...s, required: ["collection"] }),
      },
    ),
    direct("radar_follow", "radar.createApplication", {
      title: "Follow a profile on the radar",
      description: [
        "Follows a person on the radar: `source` (network_a or network_b) and exactly one identifier of that source",
        "(`network_a_url` or `username` for network_a; `network_b_url`, `username` or `network_b_user_id` for network_b).",
        "Answers the new application (processed in the background; its status shows in radar_list), or the existing",
        "application or connection when the person is already followed, with the account's tracking quota.",
      ].join(" "),
    }),
    direct("radar_list", "radar.listApplications", {
      title: "List radar follows",
      description: `The people the account follows on the radar for one \`source\`, with their processing status (\`init_status\`) and whether they are tracked. \`q\` searches name, username and company; \`is_tracking\` and \`init_status\` filter; \`sort\` recent, name, company or tracked, \`order\` asc or desc. ${PAGING}`,
    }),
    direct("radar_updates", "radar.updates", {
      title: "Radar updates",
      description: `The changes detected on the people the account tracks (new job, new company, profile edits...), newest first. Filter by \`source\`, \`connection_id\`, \`change_type\` or \`change_types\`, \`is_tracking\`. ${PAGING} At most 100 a page (default 50).`,
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
