import { Suspense } from "react";
import { notFound } from "next/navigation";
import { RecordPrefetch } from "~/app/(workspace)/record-prefetch";
import { FolderCards } from "./folder-cards";

export const metadata = { title: "Folder · Venture Monitor" };

export default async function FolderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id)) notFound();
  return (
    <RecordPrefetch query={(trpc) => trpc.user.folders.get.queryOptions({ id: Number(id) })}>
      <Suspense>
        <FolderCards id={Number(id)} />
      </Suspense>
    </RecordPrefetch>
  );
}
