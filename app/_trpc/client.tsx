"use client";

import {
  QueryClient,
  QueryClientProvider,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { createContext, useContext, useState, type ReactNode } from "react";
import type { TAppRouter } from "~/server/api/root";

/** The browser's typed client for the same procedures the REST API exports. */
const trpcContext = createTRPCContext<TAppRouter>();
const { TRPCProvider } = trpcContext;
export const { useTRPC } = trpcContext;

/**
 * The workspace's query client: after a write, an invalidated query always reads again. React
 * Query lets a refetch join a first load still in flight (no data yet) instead of starting another,
 * and that load may have read before the write: the page then kept showing the state before it (an
 * invitation made while the list of open ones was loading stayed missing). The load in flight is
 * cancelled first, so the refetch starts after the write.
 */
class WorkspaceQueryClient extends QueryClient {
  override async invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    await this.cancelQueries(filters);
    return super.invalidateQueries(filters, options);
  }
}

/** Whether the server refused a request itself (a 4xx): the same question gets the same answer. */
export function isRefused(error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } | null } | null)?.data?.httpStatus;
  return status !== undefined && status >= 400 && status < 500;
}

/** A failed query is asked once more, unless the server refused it (isRefused), so that a refusal shows at once. */
function retryOnce(failures: number, error: unknown): boolean {
  return failures < 1 && !isRefused(error);
}

/**
 * Signing out: from the click on, this page sends no more calls (a poll of the bell, a query that
 * becomes stale) and drops those in flight. The session ends on the server before the page leaves,
 * and each of those calls would otherwise be answered 401, an error in the console of a page that
 * did nothing wrong. Per provider: a workspace mounted after signing in again starts afresh.
 */
const SignOutContext = createContext<() => void>(() => undefined);
export const useLeaveForSignOut = () => useContext(SignOutContext);

/** A link that holds every call (it never answers) once the page is leaving to sign out. */
function holdWhenLeaving(leaving: { current: boolean }): TRPCLink<TAppRouter> {
  return () =>
    ({ next, op }) =>
      leaving.current ? observable(() => undefined) : next(op);
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [leaving] = useState(() => ({ current: false }));
  const [queryClient] = useState(
    () => new WorkspaceQueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: retryOnce, refetchOnWindowFocus: false } } }),
  );
  // Calls are batched (sent together on the next task) unless made with `context: { skipBatch: true }`:
  // those are sent at once, on a request of their own.
  const [client] = useState(() =>
    createTRPCClient<TAppRouter>({
      links: [
        holdWhenLeaving(leaving),
        splitLink({
          condition: (op) => op.context.skipBatch === true,
          true: httpLink({ url: "/api/trpc" }),
          false: httpBatchLink({ url: "/api/trpc" }),
        }),
      ],
    }),
  );
  const [leave] = useState(() => () => {
    leaving.current = true;
    void queryClient.cancelQueries();
  });
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        <SignOutContext.Provider value={leave}>{children}</SignOutContext.Provider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
