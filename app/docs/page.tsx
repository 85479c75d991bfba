import { scalarBundle } from "~/server/docs/scalar-bundle";
import { ApiReference } from "./api-reference";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference · Venture Monitor" };

/**
 * The API reference: a short header, then Scalar's renderer of /v1/openapi.json (./api-reference.tsx),
 * served by this app and making no request to any other host. Its links are plain anchors (full
 * page loads): the other pages have a stricter Content-Security-Policy than this one (proxy.ts),
 * which a client-side transition would not swap.
 */
export default function DocsPage() {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-7xl px-6 py-5">
          <h1 className="text-2xl font-semibold">
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- `/` answers a page only to a document request (proxy.ts) */}
            <a href="/" className="text-slate-500 hover:text-slate-900">
              Venture Monitor
            </a>{" "}
            · API reference
          </h1>
          <p className="mt-2 max-w-4xl text-sm text-slate-600">
            Every endpoint under <code className="rounded bg-slate-100 px-1">/v1/</code>, grouped by tag, with its parameters, responses and
            examples. Machine-readable:{" "}
            <a className="text-sky-700 underline" href="/v1/openapi.json">
              /v1/openapi.json
            </a>
            .
          </p>
          <p className="mt-2 max-w-4xl text-sm text-slate-600">
            Every request except <code>GET /</code> sends{" "}
            <code className="rounded bg-slate-100 px-1">Authorization: Token &lt;API_TOKEN&gt;</code>. Get a token on the{" "}
            <a className="text-sky-700 underline" href="/settings/tokens">
              API tokens
            </a>{" "}
            page once signed in, or with <code className="rounded bg-slate-100 px-1">vmon tokens create --email you@example.com</code>. To
            try a request here, open <em>Test Request</em> on an endpoint and paste your token once under <em>Authentication</em> (
            <code>Token</code> scheme): type it with its prefix, <code className="rounded bg-slate-100 px-1">Token &lt;API_TOKEN&gt;</code>,
            since the reference sends that field as the header&apos;s whole value. It is kept for this page only.
          </p>
        </div>
      </header>
      <ApiReference scriptUrl={scalarBundle().url} />
    </>
  );
}
