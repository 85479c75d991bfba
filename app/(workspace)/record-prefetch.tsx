import { dehydrate, HydrationBoundary, QueryClient } from "@tanstack/react-query";
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from "@trpc/tanstack-react-query";
import { TRPCError } from "@trpc/server";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache, type ReactNode } from "react";
import { appRouter, type TAppRouter } from "~/server/api/root";
import { createBrowserContext } from "~/server/api/trpc";
import { sessionAccount } from "~/server/auth/nextauth";

export type TRecordQuery = (trpc: TRPCOptionsProxy<TAppRouter>) => object;

/**
 * The request's server-side queries: one query cache and tRPC client per request, shared by a
 * record page and its title (generateMetadata), so that the record is read once.
 */
const requestQueries = cache(() => {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
  const trpc = createTRPCOptionsProxy<TAppRouter>({
    router: appRouter,
    queryClient,
    ctx: async () => createBrowserContext(await sessionAccount(), { set() {} }),
  });
  return { queryClient, trpc };
});

const fetchRecord = (query: TRecordQuery) => {
  const { queryClient, trpc } = requestQueries();
  return queryClient.fetchQuery(query(trpc) as Parameters<QueryClient["fetchQuery"]>[0]);
};

/**
 * A record page (a card, participant, folder, founder): its record is read here, as the signed-in
 * user, before anything is sent. A record that does not exist (or an address that cannot name one)
 * answers HTTP 404 with the workspace's not-found page; otherwise the answer travels in the HTML
 * (the browser's query with the same key starts from it). Other errors (no permission, a failure)
 * are left to the page, which shows them.
 */
export async function RecordPrefetch(props: { query: TRecordQuery; children: ReactNode }) {
  try {
    await fetchRecord(props.query);
  } catch (err) {
    if (err instanceof TRPCError && (err.code === "NOT_FOUND" || err.code === "BAD_REQUEST")) notFound();
  }
  return <HydrationBoundary state={dehydrate(requestQueries().queryClient)}>{props.children}</HydrationBoundary>;
}

/**
 * A record page's tab title, named after the record: "Zephyr Sensors · Cards · Venture Monitor",
 * from the page's own read of it (RecordPrefetch); "Not found · Venture Monitor" when there is no
 * such record for the caller, and the section's name alone when it cannot be read now.
 */
export async function recordTitle(query: TRecordQuery, nameOf: (data: unknown) => string | undefined, section: string): Promise<Metadata> {
  try {
    const name = nameOf(await fetchRecord(query));
    return { title: name ? `${name} · ${section} · Venture Monitor` : `${section} · Venture Monitor` };
  } catch (err) {
    const missing = err instanceof TRPCError && (err.code === "NOT_FOUND" || err.code === "BAD_REQUEST");
    return { title: missing ? "Not found · Venture Monitor" : `${section} · Venture Monitor` };
  }
}
