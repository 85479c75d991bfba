import { Suspense } from "react";
import { FolderCards } from "./folder-cards";

export const metadata = { title: "Folder · Venture Monitor" };

export default async function FolderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense>
      <FolderCards id={Number(id)} />
    </Suspense>
  );
}
