import { openApiDocument } from "../../server/api/rest/openapi";
import { env } from "../../server/env";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference · Venture Monitor" };

interface TOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: { type?: string; description?: string } }[];
  requestBody?: unknown;
}

const METHOD_COLOURS: Record<string, string> = {
  get: "bg-emerald-100 text-emerald-800",
  post: "bg-sky-100 text-sky-800",
  patch: "bg-amber-100 text-amber-800",
  delete: "bg-rose-100 text-rose-800",
};

/** A readable rendering of the OpenAPI document, served offline (no external scripts). */
export default function DocsPage() {
  const doc = openApiDocument(env().BASE_URL);
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, TOperation>).map(([method, op]) => ({ path, method, op })),
  );
  return (
    <main className="mx-auto max-w-5xl px-6 py-12">
      <h1 className="text-3xl font-semibold">API reference</h1>
      <p className="mt-2 text-slate-600">
        Base address <code className="rounded bg-slate-100 px-1">{env().BASE_URL}/v1/</code>. Send{" "}
        <code className="rounded bg-slate-100 px-1">Authorization: Token &lt;API_TOKEN&gt;</code> on every request except{" "}
        <code>GET /</code>. Errors are <code>{"{error, message}"}</code>. Machine-readable:{" "}
        <a className="text-sky-700 underline" href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
      <ul className="mt-8 space-y-4">
        {operations.map(({ path, method, op }) => (
          <li key={`${method} ${path}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-center gap-3">
              <span className={`rounded px-2 py-0.5 text-xs font-semibold uppercase ${METHOD_COLOURS[method] ?? ""}`}>{method}</span>
              <code className="font-mono text-sm">/v1{path}</code>
            </div>
            {op.summary && <p className="mt-2 text-sm text-slate-700">{op.summary}</p>}
            {op.parameters && op.parameters.length > 0 && (
              <table className="mt-3 w-full text-left text-sm">
                <thead className="text-slate-500">
                  <tr><th className="py-1 pr-4 font-medium">Parameter</th><th className="pr-4 font-medium">In</th><th className="font-medium">Required</th></tr>
                </thead>
                <tbody>
                  {op.parameters.map((p) => (
                    <tr key={`${p.in}:${p.name}`} className="border-t border-slate-100">
                      <td className="py-1 pr-4 font-mono">{p.name}</td>
                      <td className="pr-4">{p.in}</td>
                      <td>{p.required ? "yes" : "no"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}
