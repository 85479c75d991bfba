"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { Alert } from "~/app/_ui/alert";

/** The collections the account can read (shared ones and private ones assigned to it), each linking to its page. */
export function CollectionsList() {
  const trpc = useTRPC();
  const collections = useQuery(trpc.rawData.collections.queryOptions({ limit: "200" }));
  return (
    <section aria-labelledby="collections-h" className="mt-6">
      <h2 id="collections-h" className="text-lg font-medium">
        Collections
      </h2>
      {collections.error && <Alert className="text-sm">{collections.error.message}</Alert>}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="collections">
        {collections.data?.data.map((c) => (
          <li key={c.slug} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <Link href={`/founders/collections/${c.slug}`} className="font-medium text-sky-800 underline">
              {c.name}
            </Link>
            <p className="mt-1 text-slate-700">{c.description}</p>
          </li>
        ))}
        {collections.data?.data.length === 0 && <li className="text-sm text-slate-600">No collection is available to this account.</li>}
        {!collections.data && !collections.error && <li className="text-sm text-slate-600">Loading…</li>}
      </ul>
    </section>
  );
}
