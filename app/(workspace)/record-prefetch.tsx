import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { TRPCError } from "@trpc/server";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { appRouter, type TAppRouter } from "~/server/api/root";
import { createBrowserContext } from "~/server/api/trpc";
import { sessionAccount } from "~/server/auth/nextauth";

/**
 * A record page (a card, participant, folder, founder): its record is read here, as the signed-in
 * user, before anything is sent. A record that does not exist (or an address that cannot name one)
 * answers HTTP 404 with the workspace's not-found page; otherwise the answer travels in the HTML
 * (the browser's query with the same key starts from it). Other errors (no permission, a failure)
 * are left to the page, which shows them.
 */
export async function RecordPrefetch(props: { query: (trpc: TRPCOptionsProxy<TAppRouter>) => object; children: ReactNode }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const trpc = createTRPCOptionsProxy<TAppRouter>({
    router: appRouter,
    queryClient,
    ctx: async () => createBrowserContext(await sessionAccount(), { set() {} }),
  });
  try {
    await queryClient.fetchQuery(props.query(trpc) as Parameters<QueryClient["fetchQuery"]>[0]);
  } catch (err) {
    if (err instanceof TRPCError && (err.code === "NOT_FOUND" || err.code === "BAD_REQUEST")) notFound();
  }
  return <HydrationBoundary state={dehydrate(queryClient)}>{props.children}</HydrationBoundary>;
}
