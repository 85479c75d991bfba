"use client";

import Link from "next/link";

/**
 * Tabs whose selection lives in the URL (each tab is a link, so Back and shared links keep it):
 * `href` builds the link of a tab (use-url-params' `href`).
 */
export function TabLinks(props: {
  label: string;
  tabs: { value: string; label: string }[];
  current: string;
  href: (value: string) => string;
}) {
  return (
    <nav aria-label={props.label} className="mt-4 flex gap-1 border-b border-slate-200 text-sm">
      {props.tabs.map((t) => {
        const on = t.value === props.current;
        return (
          <Link
            key={t.value}
            href={props.href(t.value)}
            scroll={false}
            aria-current={on ? "page" : undefined}
            className={`-mb-px rounded-t border px-3 py-1.5 ${on ? "border-slate-200 border-b-white bg-white font-medium text-slate-900" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t.label}
          </Link>
        );
      })}
    </nav>
  );
}
