import { Suspense } from "react";
import { ParticipantsExplorer } from "./participants-explorer";

export const metadata = { title: "Participants · Venture Monitor" };

export default function ParticipantsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Participants</h1>
      <p className="mt-1 text-sm text-slate-600">Funds, investors, angels and the others whose signals make the cards.</p>
      <Suspense>
        <ParticipantsExplorer />
      </Suspense>
    </section>
  );
}
