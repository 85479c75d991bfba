import { Suspense } from "react";
import { RadarNav } from "./radar-nav";
import { RadarWorkspace } from "./radar-workspace";

export const metadata = { title: "Radar · Venture Monitor" };

export default function RadarPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Radar</h1>
      <RadarNav current="radar" />
      <Suspense>
        <RadarWorkspace />
      </Suspense>
    </section>
  );
}
