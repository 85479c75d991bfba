import type { inferRouterOutputs } from "@trpc/server";
import type { TAppRouter } from "~/server/api/root";

export type TSearchResult = inferRouterOutputs<TAppRouter>["search"]["autocomplete"]["data"][number];

/** What each kind of result is called in the global search. */
export const RESULT_KINDS: Record<TSearchResult["type"], string> = {
  card: "Card",
  participant: "Participant",
  founder: "Founder",
  saved_filter: "Saved filter",
  folder: "Folder",
  stage: "Stage",
  round: "Round",
  category: "Category",
  location: "Location",
};

const cardsWhere = (param: string, value: string) => `/cards?${new URLSearchParams({ [param]: value }).toString()}`;

/** The workspace page a result opens: its own page, or the card list filtered by it. */
export function resultHref(r: TSearchResult): string {
  const key = encodeURIComponent(String(r.slug ?? r.id));
  switch (r.type) {
    case "card":
      return `/cards/${key}`;
    case "participant":
      return `/participants/${key}`;
    case "founder":
      return `/founders/${key}`;
    case "folder":
      return `/folders/${key}`;
    case "saved_filter":
      return cardsWhere("filter_id", String(r.id));
    case "stage":
      return cardsWhere("stages", r.slug!);
    case "round":
      return cardsWhere("rounds", r.slug!);
    case "category":
      return cardsWhere("categories", r.slug!);
    case "location":
      return cardsWhere("locations", r.slug!);
  }
}
