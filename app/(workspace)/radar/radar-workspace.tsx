"use client";

import { TabLinks } from "~/app/_ui/tabs";
import { useUrlParams } from "~/app/_ui/use-url-params";
import { ApplicationsTable } from "./applications-table";
import { ConnectionsTable } from "./connections-table";
import { FollowForm } from "./follow-form";
import { QuotaMeter } from "./quota-meter";
import { asTab } from "./radar-params";
import { asSource, SOURCE_NAMES } from "./radar-types";
import { usePendingWork } from "./use-radar";

/** /radar: follow, the quota, and the connections or applications of one network (all in the URL). */
export function RadarWorkspace() {
  const { params, set, href } = useUrlParams();
  const source = asSource(params.source);
  const tab = asTab(params.tab);
  const pending = usePendingWork(source);
  // Another network or tab: its own list, from its first page and without the other's filters.
  const fresh = { q: undefined, is_tracking: undefined, init_status: undefined, sort: undefined, order: undefined, offset: undefined };
  return (
    <div>
      <FollowForm source={source} onSource={(s) => set({ ...fresh, source: s })} />
      <QuotaMeter />
      <TabLinks
        label={`${SOURCE_NAMES[source]} lists`}
        current={tab}
        tabs={[
          { value: "connections", label: `${SOURCE_NAMES[source]} connections` },
          { value: "applications", label: `${SOURCE_NAMES[source]} applications` },
        ]}
        href={(t) => href({ ...fresh, tab: t === "connections" ? undefined : t })}
      />
      {pending > 0 && (
        <p role="status" className="mt-2 text-sm text-slate-700" data-testid="pending-work">
          {pending} application(s) waiting for the worker; this page updates when they are done.
        </p>
      )}
      {tab === "connections" ? (
        <ConnectionsTable params={params} set={set} />
      ) : (
        <ApplicationsTable params={params} set={set} pending={pending} />
      )}
    </div>
  );
}
