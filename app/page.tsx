export const dynamic = "force-dynamic";

export default function HomePage() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Venture Monitor</h1>
      <p className="mt-3 text-slate-600">Startups, funds and founders in one workspace, and the same data through a REST API.</p>
      <div className="mt-8 grid gap-4 sm:grid-cols-2">
        {/* A full page load, not a client-side transition: /docs needs its own Content-Security-Policy (proxy.ts). */}
        <a href="/docs" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-slate-400">
          <h2 className="font-medium">API reference</h2>
          <p className="mt-1 text-sm text-slate-600">Every /v1 endpoint, its parameters and responses.</p>
        </a>
        <a href="/v1/openapi.json" className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-slate-400">
          <h2 className="font-medium">OpenAPI document</h2>
          <p className="mt-1 text-sm text-slate-600">For generated clients and API tools.</p>
        </a>
      </div>
    </main>
  );
}
