"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SignalLine } from "~/app/(workspace)/_records/signal-line";
import { useTRPC } from "~/app/_trpc/client";
import { Pager } from "~/app/_ui/pager";
import { Alert } from "~/app/_ui/alert";

const PAGE = 20;

/** The card's whole interaction history, newest first, paged: each signal's source, person and fund. */
export function CardInteractions({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const [offset, setOffset] = useState(0);
  const page = useQuery({
    ...trpc.workspace.cardSignals.queryOptions({ slug, limit: PAGE, offset }),
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
          <SignalLine key={i.id} signal={i} />
        ))}
        {page.data?.data.length === 0 && <li className="p-3 text-slate-600">No interaction recorded yet.</li>}
      </ul>
      {page.data && (page.data.pagination.total ?? 0) > PAGE && (
        <Pager
          offset={offset}
          limit={PAGE}
          total={page.data.pagination.total}
          hasNext={page.data.pagination.has_next}
          onOffset={setOffset}
        />
      )}
    </section>
  );
}
