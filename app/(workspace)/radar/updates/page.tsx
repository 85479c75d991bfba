import { Suspense } from "react";
import { Prefetch } from "~/app/_trpc/server";
import { RadarNav } from "../radar-nav";
import { feedInput, pageParams } from "./feed-params";
import { UpdatesFeed } from "./updates-feed";

export const metadata = { title: "Radar updates · Venture Monitor" };

export default async function RadarUpdatesPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = pageParams(await props.searchParams);
  return (
    <section>
      <h1 className="text-2xl font-semibold">Radar updates</h1>
      <RadarNav current="updates" />
      <Prefetch queries={(trpc) => [trpc.radar.updates.queryOptions(feedInput(params)), trpc.radar.updatesMeta.queryOptions({})]}>
        <Suspense>
          <UpdatesFeed />
        </Suspense>
      </Prefetch>
    </section>
  );
}
