import Link from "next/link";
import { plural } from "~/server/lib/plural";

/**
 * A short list of cards as links with their signal count (a card's similar cards, the cards a
 * participant signalled). `status` is the line shown when there is nothing to list yet: loading,
 * none, or an error in words.
 */
export function CardLinkList(props: {
  cards: { slug?: string; name?: string; interactions_count?: number | null }[] | undefined;
  status?: string;
  testId: string;
}) {
  return (
    <ul className="mt-1 space-y-1 text-sm" data-testid={props.testId}>
      {props.cards?.map((c, i) => (
        <li key={c.slug ?? i}>
          <Link href={`/cards/${c.slug}`} className="text-sky-800 underline">
            {c.name}
          </Link>
          <span className="text-xs text-slate-600"> · {plural(c.interactions_count ?? 0, "signal")}</span>
        </li>
      ))}
      {props.status && <li className="text-slate-600">{props.status}</li>}
    </ul>
  );
}
