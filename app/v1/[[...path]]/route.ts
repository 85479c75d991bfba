import { handleRest } from "~/server/api/rest/handler";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

const handle = (req: Request) => handleRest(req, "/v1");

export { handle as GET, handle as POST, handle as PATCH, handle as PUT, handle as DELETE };
