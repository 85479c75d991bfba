"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTRPC } from "~/app/_trpc/client";
import type { TSource } from "./radar-types";

/** Refetches every radar query (lists, quota, feed) after an action. */
export function useRadarRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: trpc.radar.pathKey() }), [queryClient, trpc]);
}

export const POLL_MS = 1500;

/**
 * Whether the worker has queued or running applications of `source`. While it has, these two
 * small queries (totals of pending and processing) poll, and each answer that shows work finished
 * refetches the radar's other queries; with nothing pending nothing polls (the page is network-idle).
 */
export function usePendingWork(source: TSource): number {
  const trpc = useTRPC();
  const refresh = useRadarRefresh();
  // Whether to poll follows the last answers: the state is adjusted while rendering (React's way for
  // state that follows other values), so the queries get their new interval in the same commit.
  const [busy, setBusy] = useState(false);
  const interval = busy ? POLL_MS : false;
  const pending = useQuery({
    ...trpc.radar.listApplications.queryOptions({ source, init_status: "pending", limit: 1 }),
    staleTime: 0,
    refetchInterval: interval,
  });
  const processing = useQuery({
    ...trpc.radar.listApplications.queryOptions({ source, init_status: "processing", limit: 1 }),
    staleTime: 0,
    refetchInterval: interval,
  });
  const count = (pending.data?.pagination.total ?? 0) + (processing.data?.pagination.total ?? 0);
  if (busy !== count > 0) setBusy(count > 0);
  const last = useRef(count);
  useEffect(() => {
    // Fewer in the queue: some became connections or failed; show it. (The refetch also rechecks
    // the queue, so an application caught between the two totals is not missed.)
    if (count < last.current) void refresh();
    last.current = count;
  }, [count, refresh]);
  return count;
}
