import { Suspense } from "react";
import { recordTitle } from "~/app/(workspace)/record-prefetch";
import { CollectionView } from "./collection-view";

type TProps = { params: Promise<{ slug: string }> };

/** Named after the collection, read from the collections the account may see (what the page lists from). */
export async function generateMetadata({ params }: TProps) {
  const slug = decodeURIComponent((await params).slug);
  return recordTitle(
    (trpc) => trpc.rawData.collections.queryOptions({ limit: "200" }),
    (d) => (d as { data?: { slug: string; name: string }[] }).data?.find((c) => c.slug === slug)?.name,
    "Founder collections",
  );
}

export default async function CollectionPage({ params }: TProps) {
  const { slug } = await params;
  return (
    <Suspense>
      <CollectionView slug={decodeURIComponent(slug)} />
    </Suspense>
  );
}
