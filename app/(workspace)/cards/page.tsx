import { Suspense } from "react";
import { CardsExplorer } from "./cards-explorer";

export const metadata = { title: "Cards · Venture Monitor" };

export default function CardsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Cards</h1>
      <Suspense>
        <CardsExplorer />
      </Suspense>
    </section>
  );
}
