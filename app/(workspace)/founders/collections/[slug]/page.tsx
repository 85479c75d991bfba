import { Suspense } from "react";
import { CollectionView } from "./collection-view";

export const metadata = { title: "Collection · Founders · Venture Monitor" };

export default async function CollectionPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return (
    <Suspense>
      <CollectionView slug={decodeURIComponent(slug)} />
    </Suspense>
  );
}
