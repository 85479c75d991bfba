import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { REQUESTED_PATH_HEADER, signInHref } from "../../server/auth/callback-url";
import { sessionAccountId, signOut } from "../../server/auth/nextauth";
import { TRPCReactProvider } from "../_trpc/client";
import { WorkspaceHeader } from "./workspace-header";
import { Button } from "../_ui/button";
import { ToastProvider } from "../_ui/toast";

export const dynamic = "force-dynamic";

async function signOutAction() {
  "use server";
  await signOut({ redirectTo: "/signin" });
}

/** The analyst workspace: signed-in pages only; signed out, sign in and come back to the page asked for. */
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  if (!(await sessionAccountId())) redirect(signInHref((await headers()).get(REQUESTED_PATH_HEADER)));
  return (
    <TRPCReactProvider>
      <ToastProvider>
        <header className="border-b border-slate-200 bg-white">
          <WorkspaceHeader
            signOut={
              <form action={signOutAction}>
                <Button type="submit" variant="link-muted">
                  Sign out
                </Button>
              </form>
            }
          />
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</main>
      </ToastProvider>
    </TRPCReactProvider>
  );
}
