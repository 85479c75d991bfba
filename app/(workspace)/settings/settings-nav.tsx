"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const PAGES = [
  { href: "/settings/tokens", label: "API tokens" },
  { href: "/settings/usage", label: "Usage" },
  { href: "/settings/apps", label: "Connected apps" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/notifications", label: "Notifications" },
  { href: "/settings/team", label: "Team" },
];

/** The settings area's sections, as tabs above each settings page. */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings" className="mb-6 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1 text-sm">
        {PAGES.map((p) => {
          const current = pathname === p.href || pathname.startsWith(`${p.href}/`);
          return (
            <li key={p.href}>
              <Link
                href={p.href}
                aria-current={current ? "page" : undefined}
                className={`-mb-px inline-block border-b-2 px-3 py-2 ${
                  current ? "border-slate-900 font-medium text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                {p.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
