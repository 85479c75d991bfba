import { serveBrowserTrpc } from "~/server/api/trpc-endpoint";
import { sessionAccount } from "~/server/auth/nextauth";

export const dynamic = "force-dynamic";

/** The browser workspace's endpoint (server/api/trpc-endpoint.ts), authenticated by the session. */
const handler = (req: Request) => serveBrowserTrpc(req, sessionAccount);

export { handler as GET, handler as POST };
