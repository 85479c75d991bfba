"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Pager } from "~/app/_ui/pager";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { Alert } from "~/app/_ui/alert";
import { SignalLine } from "~/app/(workspace)/_records/signal-line";

const PAGE = 20;

/** The participant's signals, newest first, paged (the page in the URL's `offset`): each names its card, source, person and fund. */
export function ParticipantInteractions({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const { params, set } = useUrlParams();
  const offset = Math.max(0, Number(params.offset ?? 0) || 0);
  const page = useQuery({
    ...trpc.workspace.participantInteractions.queryOptions({ slug, limit: PAGE, offset }),
    placeholderData: keepPreviousData,
  });
  return (
    <section aria-labelledby="interactions-h">
      <h2 id="interactions-h" className="text-lg font-medium">
        Interactions
        {page.data?.pagination.total != null && (
          <span className="text-sm font-normal text-slate-600"> · {page.data.pagination.total.toLocaleString("en")}</span>
        )}
      </h2>
      {page.error && <Alert className="text-sm">{page.error.message}</Alert>}
      <ul
        className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm"
        data-testid="interactions"
        aria-busy={page.isFetching}
      >
        {page.data?.data.map((i) => (
          <SignalLine
            key={i.id}
            signal={i}
            self={slug}
            lead={
              <Link href={`/cards/${i.card.slug}`} className="font-medium text-sky-800 underline">
                {i.card.name}
              </Link>
            }
          />
        ))}
        {page.data?.data.length === 0 && <li className="p-3 text-slate-600">No interaction recorded yet.</li>}
        {!page.data && !page.error && <li className="p-3 text-slate-600">Loading…</li>}
      </ul>
      {page.data && (page.data.pagination.total ?? 0) > PAGE && (
        <Pager
          offset={offset}
          limit={PAGE}
          total={page.data.pagination.total}
          hasNext={page.data.pagination.has_next}
          onOffset={(o) => set({ offset: o ? String(o) : undefined })}
        />
      )}
    </section>
  );
}
