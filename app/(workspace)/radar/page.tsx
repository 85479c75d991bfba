import { RadarOverview } from "./radar-overview";

export const metadata = { title: "Radar · Venture Monitor" };

export default function RadarPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Radar</h1>
      <RadarOverview />
    </section>
  );
}
