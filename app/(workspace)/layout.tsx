import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { sessionAccountId, signOut } from "../../server/auth/nextauth";
import { TRPCReactProvider } from "../_trpc/client";
import { WorkspaceHeader } from "./workspace-header";
import { Button } from "../_ui/button";

export const dynamic = "force-dynamic";

async function signOutAction() {
  "use server";
  await signOut({ redirectTo: "/signin" });
}

/** The analyst workspace: signed-in pages only. */
export default async function WorkspaceLayout({ children }: { children: ReactNode }) {
  if (!(await sessionAccountId())) redirect("/signin");
  return (
    <TRPCReactProvider>
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
    </TRPCReactProvider>
  );
}
