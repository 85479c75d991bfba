import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: "Venture Monitor",
  description: "Venture-monitoring workspace and REST API",
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" } },
};

/**
 * Every page is rendered per request: its scripts must carry the nonce of the request's
 * Content-Security-Policy (proxy.ts), which a page prerendered at build time could not know.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
