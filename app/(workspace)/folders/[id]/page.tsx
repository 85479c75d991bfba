import { Suspense } from "react";
import { notFound } from "next/navigation";
import { RecordPrefetch, recordTitle, type TRecordQuery } from "~/app/(workspace)/record-prefetch";
import { FolderCards } from "./folder-cards";

type TProps = { params: Promise<{ id: string }> };

const folderQuery =
  (id: number): TRecordQuery =>
  (trpc) =>
    trpc.user.folders.get.queryOptions({ id });

const validId = (id: string) => /^[1-9]\d{0,9}$/.test(id);

export async function generateMetadata({ params }: TProps) {
  const { id } = await params;
  if (!validId(id)) return { title: "Not found · Venture Monitor" };
  return recordTitle(folderQuery(Number(id)), (d) => (d as { name?: string }).name, "Folders");
}

export default async function FolderPage({ params }: TProps) {
  const { id } = await params;
  if (!validId(id)) notFound();
  return (
    <RecordPrefetch query={folderQuery(Number(id))}>
      <Suspense>
        <FolderCards id={Number(id)} />
      </Suspense>
    </RecordPrefetch>
  );
}
