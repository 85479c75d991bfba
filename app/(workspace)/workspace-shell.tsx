import type { ReactNode } from "react";
import { signOutHere } from "~/server/auth/nextauth";
import { TRPCReactProvider } from "../_trpc/client";
import { Prefetch } from "../_trpc/server";
import { ToastProvider } from "../_ui/toast";
import { RowDensityProvider } from "./row-density-provider";
import { SignOutButton } from "./sign-out-button";
import { WorkspaceHeader } from "./workspace-header";

/** Ends this browser's session on the server (a copy of its cookie stops working too), then clears its cookie. */
async function signOutAction() {
  "use server";
  await signOutHere("/signin");
}

/**
 * The workspace's frame for a signed-in analyst: its navigation (with the account and Sign out)
 * above the page. Used by the workspace layout and by the answer to an unknown address
 * (app/not-found.tsx), so a 404 keeps the way back into the workspace.
 *
 * The account (account.me) and the bell's unread count are read here and travel in the HTML: the
 * header and any page that reads them (founders' access, connected apps) then render the same thing
 * on the server and at hydration. Fetched by the header in the browser instead, they could arrive
 * before a page's Suspense boundary hydrates, and that boundary would no longer match its server HTML.
 */
export function WorkspaceShell({ children }: { children: ReactNode }) {
  return (
    <TRPCReactProvider>
      <Prefetch queries={(trpc) => [trpc.account.me.queryOptions(), trpc.notifications.unreadCount.queryOptions()]}>
        <ToastProvider>
          <header className="border-b border-slate-200 bg-white">
            <WorkspaceHeader
              signOut={
                <form action={signOutAction}>
                  <SignOutButton />
                </form>
              }
            />
          </header>
          <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
            <RowDensityProvider>{children}</RowDensityProvider>
          </main>
        </ToastProvider>
      </Prefetch>
    </TRPCReactProvider>
  );
}
