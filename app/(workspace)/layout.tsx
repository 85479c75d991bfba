import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { sessionAccountId, signOut } from "../../server/auth/nextauth";
import { TRPCReactProvider } from "../_trpc/client";

export const dynamic = "force-dynamic";

const NAV = [
  { href: "/cards", label: "Cards" },
  { href: "/folders", label: "Folders" },
  { href: "/saved-filters", label: "Saved filters" },
  { href: "/participants", label: "Participants" },
  { href: "/profiles", label: "Founders" },
  { href: "/radar", label: "Radar" },
  { href: "/tokens", label: "API tokens" },
  { href: "/settings/apps", label: "Connected apps" },
  { href: "/settings/webhooks", label: "Webhooks" },
];

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
        <nav className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-3 text-sm sm:px-6">
          {/* A full page load: `/` answers the JSON API catalog to anything but a browser's page request (proxy.ts). */}
          <a href="/" className="font-semibold">Venture Monitor</a>
          {NAV.map((item) => (
            <Link key={item.href} href={item.href} className="text-slate-600 hover:text-slate-900">
              {item.label}
            </Link>
          ))}
          <form action={signOutAction} className="ml-auto">
            <button type="submit" className="text-slate-500 hover:text-slate-900">Sign out</button>
          </form>
        </nav>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">{children}</div>
    </TRPCReactProvider>
  );
}
