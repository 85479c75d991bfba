import type { ReactNode } from "react";
import { SettingsNav } from "./settings-nav";

/** The account settings pages (tokens, usage, connected apps, webhooks, notifications, team) share one sub-navigation. */
export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SettingsNav />
      {children}
    </>
  );
}
