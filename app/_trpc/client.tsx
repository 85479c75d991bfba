"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from "@trpc/client";
import { createTRPCContext } from "@trpc/tanstack-react-query";
import { useState, type ReactNode } from "react";
import type { TAppRouter } from "~/server/api/root";

/** The browser's typed client for the same procedures the REST API exports. */
const trpcContext = createTRPCContext<TAppRouter>();
const { TRPCProvider } = trpcContext;
export const { useTRPC } = trpcContext;

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } } }),
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
