import { SavedFiltersPanel } from "./saved-filters-panel";

export const metadata = { title: "Saved filters · Venture Monitor" };

export default function SavedFiltersPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Saved filters</h1>
      <SavedFiltersPanel />
    </section>
  );
}
