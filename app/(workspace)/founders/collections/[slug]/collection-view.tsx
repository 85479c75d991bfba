"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTRPC } from "~/app/_trpc/client";
import { RawAccessGate } from "~/app/(workspace)/founders/access";
import { ProfileTable } from "~/app/(workspace)/founders/profile-table";
import { Alert } from "~/app/_ui/alert";

/** /founders/collections/<slug>: the collection's profiles (the profile list with collection=<slug>) in the profiles table. */
function Collection({ slug }: { slug: string }) {
  const trpc = useTRPC();
  const collections = useQuery(trpc.rawData.collections.queryOptions({ limit: "200" }));
  const collection = collections.data?.data.find((c) => c.slug === slug);
  if (collections.data && !collection) {
    return (
      <div role="alert">
        <h1 className="text-2xl font-semibold">Collection not found</h1>
        <p className="mt-2 text-slate-700">
          There is no collection at this address that this account can read.{" "}
          <Link href="/founders" className="text-sky-800 underline">
            See the collections
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <section>
      <Link href="/founders" className="text-sm text-slate-600 hover:underline">
        ← Founders
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{collection?.name ?? "Collection"}</h1>
      {collection && <p className="mt-1 text-sm text-slate-600">{collection.description}</p>}
      {collection && <ProfileTable collection={slug} label={`Profiles in ${collection.name}`} />}
      {collections.error && <Alert className="mt-2 text-sm">{collections.error.message}</Alert>}
    </section>
  );
}

export function CollectionView({ slug }: { slug: string }) {
  return <RawAccessGate>{() => <Collection slug={slug} />}</RawAccessGate>;
}
