import { Suspense } from "react";
import { Prefetch } from "~/app/_trpc/server";
import { RadarNav } from "./radar-nav";
import { applicationsInput, asTab, listInput } from "./radar-params";
import { RadarWorkspace } from "./radar-workspace";
import { pageParams } from "./updates/feed-params";

export const metadata = { title: "Radar · Venture Monitor" };

export default async function RadarPage(props: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = pageParams(await props.searchParams);
  return (
    <section>
      <h1 className="text-2xl font-semibold">Radar</h1>
      <RadarNav current="radar" />
      <Prefetch
        queries={(trpc) => [
          asTab(params.tab) === "connections"
            ? trpc.radar.listConnections.queryOptions(listInput(params))
            : trpc.radar.listApplications.queryOptions(applicationsInput(params)),
          trpc.radar.quota.queryOptions({}),
        ]}
      >
        <Suspense>
          <RadarWorkspace />
        </Suspense>
      </Prefetch>
    </section>
  );
}
