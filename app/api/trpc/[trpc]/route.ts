import { serveBrowserTrpc } from "~/server/api/trpc-endpoint";
import { sessionAccountId } from "~/server/auth/nextauth";

export const dynamic = "force-dynamic";

/** The browser workspace's endpoint (server/api/trpc-endpoint.ts), authenticated by the session. */
const handler = (req: Request) => serveBrowserTrpc(req, sessionAccountId);

export { handler as GET, handler as POST };
