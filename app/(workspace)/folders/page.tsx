import { FoldersPanel } from "./folders-panel";

export const metadata = { title: "Folders · Venture Monitor" };

export default function FoldersPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Folders</h1>
      <FoldersPanel />
    </section>
  );
}
