"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { isRefused, useTRPC } from "../_trpc/client";

/**
 * How often the bell asks for the unread count again while a page is open and shown (a hidden tab
 * does not ask): a notification shows within this long of being made. The count is one read of a
 * partial index (docs/benchmarks.md, bench:alerts: the bell's p50 well under a millisecond).
 */
const REFRESH_MS = 4_000;

/** "3", or "99+" at the cap. */
function unreadText(unread: number, cap: number): string {
  return unread >= cap ? `${cap - 1}+` : String(unread);
}

/**
 * The header's bell: a link to /notifications named with the unread count ("Notifications, 3
 * unread"). The count is read on the server with the account (workspace-shell.tsx), so the first
 * render matches the HTML; it is asked again every 4 seconds and after marking read. Once the
 * server refuses it (a session signed out elsewhere answers 401) it is not asked again until the
 * page is loaded anew, which then leads to the sign-in page; a server briefly unavailable (503) is
 * asked again.
 */
export function NotificationBell({ className }: { className?: string }) {
  const trpc = useTRPC();
  const count = useQuery({
    ...trpc.notifications.unreadCount.queryOptions(),
    refetchInterval: (q) => (isRefused(q.state.error) ? false : REFRESH_MS),
  });
  const pathname = usePathname();
  const unread = count.data?.unread ?? 0;
  const text = unreadText(unread, count.data?.cap ?? 100);
  return (
    <Link
      href="/notifications"
      prefetch={false}
      aria-label={unread > 0 ? `Notifications, ${text} unread` : "Notifications, none unread"}
      aria-current={pathname === "/notifications" ? "page" : undefined}
      data-testid="notification-bell"
      className={["relative inline-flex items-center text-slate-600 hover:text-slate-900", className].filter(Boolean).join(" ")}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-2 -right-3 min-w-5 rounded-full bg-rose-700 px-1 text-center text-xs leading-5 font-medium text-white"
        >
          {text}
        </span>
      )}
    </Link>
  );
}
