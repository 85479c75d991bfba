import { appRouter } from "../api/root";
import { createCallerFactory } from "../api/trpc";

/** The app router called in process, as the MCP tools call it (tools.ts names the procedure, call.ts runs it). */
export const createCaller = createCallerFactory(appRouter);

/** The server-side caller of the app router: one typed function per procedure. */
export type TAppCaller = ReturnType<typeof createCaller>;
