"use client";

import {
  QueryClient,
  QueryClientProvider,
  type InvalidateOptions,
  type InvalidateQueryFilters,
  type QueryKey,
} from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
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

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new WorkspaceQueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
  );
  // Calls are batched (sent together on the next task) unless made with `context: { skipBatch: true }`:
  // those are sent at once, on a request of their own.
  const [client] = useState(() =>
    createTRPCClient<TAppRouter>({
      links: [
        splitLink({
          condition: (op) => op.context.skipBatch === true,
          true: httpLink({ url: "/api/trpc" }),
          false: httpBatchLink({ url: "/api/trpc" }),
        }),
      ],
    }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={client} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
