"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useTRPC } from "../_trpc/client";
import { Button } from "../_ui/button";
import { GlobalSearch } from "./global-search";
import { NotificationBell } from "./notification-bell";

const NAV = [
  { href: "/cards", label: "Cards" },
  { href: "/folders", label: "Folders" },
  { href: "/saved-filters", label: "Saved filters" },
  { href: "/participants", label: "Participants" },
  { href: "/founders", label: "Founders" },
  { href: "/radar", label: "Radar" },
  { href: "/settings/tokens", label: "Settings", section: "/settings" },
];

const active = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

/**
 * The workspace header: the sections, the global search, the notification bell, the signed-in
 * account with its plan, Sign out. Below the `md` breakpoint the sections and the account fold into a menu opened by a
 * button; the bell stays in view.
 */
export function WorkspaceHeader({ signOut }: { signOut: ReactNode }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.account.me.queryOptions());
  const pathname = usePathname();
  const [open, setOpen] = useState(false);

  const links = NAV.map((item) => {
    const current = active(pathname, item.section ?? item.href);
    return (
      <Link
        key={item.href}
        href={item.href}
        // Every workspace page is rendered per request (force-dynamic): prefetching each section from
        // every page would cost server renders that are thrown away.
        prefetch={false}
        onClick={() => setOpen(false)}
        aria-current={current ? "page" : undefined}
        className={current ? "font-medium text-slate-900" : "text-slate-600 hover:text-slate-900"}
      >
        {item.label}
      </Link>
    );
  });
  const account = me.data && (
    <p className="flex min-w-0 items-center gap-2 text-slate-600" data-testid="account">
      <span className="truncate" title={me.data.email}>
        {me.data.email}
      </span>
      <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700" data-testid="account-plan">
        {me.data.plan} plan
      </span>
    </p>
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-3 text-sm sm:px-6">
      <div className="flex items-center gap-x-6">
        {/* A full page load: `/` answers the JSON API catalog to anything but a browser's page request (proxy.ts). */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- `/` must be a document request to be answered as a page */}
        <a href="/" className="font-semibold">
          Venture Monitor
        </a>
        <nav aria-label="Workspace" className="hidden flex-wrap items-center gap-x-5 gap-y-1 md:flex">
          {links}
        </nav>
        <div className="ml-auto">
          <GlobalSearch />
        </div>
        <NotificationBell className="mr-3" />
        <div className="hidden min-w-0 items-center gap-4 md:flex">
          {account}
          {signOut}
        </div>
        <Button className="text-slate-700 md:hidden" aria-expanded={open} aria-controls="workspace-menu" onClick={() => setOpen((o) => !o)}>
          {open ? "Close menu" : "Menu"}
        </Button>
      </div>
      {open && (
        <div id="workspace-menu" className="mt-3 space-y-3 border-t border-slate-200 pt-3 md:hidden">
          <nav aria-label="Workspace" className="flex flex-col gap-2">
            {links}
          </nav>
          <div className="space-y-2 border-t border-slate-200 pt-3">
            {account}
            {signOut}
          </div>
        </div>
      )}
    </div>
  );
}
