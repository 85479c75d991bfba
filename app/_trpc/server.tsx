import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { ReactNode } from "react";
import { appRouter, type TAppRouter } from "~/server/api/root";
import { createBrowserContext } from "~/server/api/trpc";
import { sessionAccount } from "~/server/auth/nextauth";

/**
 * Server-side prefetch for a workspace page (a server component): the named queries run here, as
 * the signed-in user, with the same procedures and query keys as the browser's client
 * (client.tsx); their answers travel in the HTML, so the page paints its first data at hydration
 * instead of after a round trip. A query that fails is left to the browser (it shows the error).
 */
export async function Prefetch(props: { queries: (trpc: TRPCOptionsProxy<TAppRouter>) => object[]; children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const trpc = createTRPCOptionsProxy<TAppRouter>({
    router: appRouter,
    queryClient,
    ctx: async () => createBrowserContext(await sessionAccount(), { set() {} }),
  });
  await Promise.all(props.queries(trpc).map((q) => queryClient.prefetchQuery(q as Parameters<QueryClient["prefetchQuery"]>[0])));
  return <HydrationBoundary state={dehydrate(queryClient)}>{props.children}</HydrationBoundary>;
}
