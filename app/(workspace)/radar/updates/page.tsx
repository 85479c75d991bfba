import { Suspense } from "react";
import { RadarNav } from "../radar-nav";
import { UpdatesFeed } from "./updates-feed";

export const metadata = { title: "Radar updates · Venture Monitor" };

export default function RadarUpdatesPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Radar updates</h1>
      <RadarNav current="updates" />
      <Suspense>
        <UpdatesFeed />
      </Suspense>
    </section>
  );
}
