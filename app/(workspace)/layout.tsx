import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { REQUESTED_PATH_HEADER, signInHref } from "~/server/auth/callback-url";
import { sessionAccountId } from "~/server/auth/nextauth";
import { WorkspaceShell } from "./workspace-shell";

export const dynamic = "force-dynamic";

/** The analyst workspace: signed-in pages only; signed out, sign in and come back to the page asked for. */
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  if (!(await sessionAccountId())) redirect(signInHref((await headers()).get(REQUESTED_PATH_HEADER)));
  return <WorkspaceShell>{children}</WorkspaceShell>;
}
