import { WebhooksPanel } from "./webhooks-panel";

export const metadata = { title: "Webhooks · Settings · Venture Monitor" };

export default function WebhooksPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Webhooks</h1>
      <p className="mt-1 text-sm text-slate-600">
        Endpoints that receive radar updates, new connections, failed applications and new saved-filter matches as signed POST requests
        (Standard Webhooks). Verify each request with the endpoint&apos;s secret; see the API reference for the payloads.
      </p>
      <WebhooksPanel />
    </section>
  );
}
