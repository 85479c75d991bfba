import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "../../../../server/api/root";
import { createBrowserContext } from "../../../../server/api/trpc";
import { accountById } from "../../../../server/auth/caller";
import { sessionAccountId } from "../../../../server/auth/nextauth";
import { db } from "../../../../server/db/client";
import { logger } from "../../../../server/lib/logger";

export const dynamic = "force-dynamic";

/** The browser workspace's endpoint: the same procedures as /v1, authenticated by the session. */
const handler = (req: Request) =>
  fetchRequestHandler({
    endpoint: "/api/trpc",
    req,
    router: appRouter,
    createContext: async ({ resHeaders }) => {
      const id = await sessionAccountId();
      const account = id ? await accountById(await db(), id) : undefined;
      return createBrowserContext(account, resHeaders);
    },
    onError: ({ error, path }) => {
      if (error.code === "INTERNAL_SERVER_ERROR") logger.error("trpc error", { path, error });
    },
  });

export { handler as GET, handler as POST };
