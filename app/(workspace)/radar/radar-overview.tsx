"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../_trpc/client";

type TSource = "network_a" | "network_b";

/** Follow a profile, see tracking quotas and the feed of profile updates. */
export function RadarOverview() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<TSource>("network_a");
  const [username, setUsername] = useState("");
  const quota = useQuery(trpc.radar.quota.queryOptions({}));
  const connections = useQuery(trpc.radar.listConnections.queryOptions({ source, limit: 20 }));
  const applications = useQuery(trpc.radar.listApplications.queryOptions({ source, limit: 20 }));
  const updates = useQuery(trpc.radar.updates.queryOptions({ limit: 20 }));
  const follow = useMutation(
    trpc.radar.createApplication.mutationOptions({
      onSuccess: () => {
        setUsername("");
        void queryClient.invalidateQueries();
      },
    }),
  );

  return (
    <div className="mt-4 grid gap-8 lg:grid-cols-2">
      <div>
        <h2 className="font-medium">Follow a profile</h2>
        <form
          className="mt-2 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (username.trim()) follow.mutate({ source, username: username.trim() });
          }}
        >
          <select aria-label="Network" value={source} onChange={(e) => setSource(e.target.value as TSource)} className="rounded border border-slate-300 px-2 text-sm">
            <option value="network_a">Network A</option>
            <option value="network_b">Network B</option>
          </select>
          <input aria-label="Username" value={username} onChange={(e) => setUsername(e.target.value)} placeholder="username" className="w-56 rounded border border-slate-300 px-3 py-1.5 text-sm" />
          <button type="submit" className="rounded bg-slate-900 px-3 py-1.5 text-sm text-white">Follow</button>
        </form>
        {follow.error && <p role="alert" className="mt-2 text-sm text-rose-700">{follow.error.message}</p>}
        {quota.data && (
          <p className="mt-3 text-sm text-slate-600">
            Tracking {quota.data.data[source].used} of {quota.data.data[source].limit} on this network.
          </p>
        )}
        <h3 className="mt-6 text-sm font-medium text-slate-700">Connections</h3>
        <ul className="mt-2 divide-y divide-slate-200 rounded border border-slate-200 bg-white text-sm">
          {connections.data?.data.map((c: { id: number; name?: string | null; username?: string | null; is_tracking: boolean }) => (
            <li key={c.id} className="flex justify-between p-2">
              <span>{c.name ?? c.username}</span>
              <span className="text-slate-500">{c.is_tracking ? "tracking" : "paused"}</span>
            </li>
          ))}
        </ul>
        <h3 className="mt-6 text-sm font-medium text-slate-700">Applications</h3>
        <ul className="mt-2 divide-y divide-slate-200 rounded border border-slate-200 bg-white text-sm">
          {applications.data?.data.map((a: { id: number; username?: string | null; init_status: string }) => (
            <li key={a.id} className="flex justify-between p-2">
              <span>{a.username ?? a.id}</span>
              <span className="text-slate-500">{a.init_status}</span>
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h2 className="font-medium">Updates</h2>
        <ul className="mt-2 divide-y divide-slate-200 rounded border border-slate-200 bg-white text-sm" data-testid="radar-updates">
          {updates.data?.data.map((u) => (
            <li key={u.id} className="p-3">
              <div>{u.description}</div>
              <time className="text-xs text-slate-500" dateTime={u.detected_at}>{new Date(u.detected_at).toLocaleString()}</time>
            </li>
          ))}
          {updates.data && updates.data.data.length === 0 && <li className="p-3 text-slate-500">No updates yet.</li>}
        </ul>
      </div>
    </div>
  );
}
