import { TokensPanel } from "./tokens-panel";

export const metadata = { title: "API tokens · Settings · Venture Monitor" };

export default function TokensPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">API tokens</h1>
      <p className="mt-1 text-sm text-slate-600">
        Tokens let scripts and tools call the REST API as you; their requests count against your plan. A token is shown once, when it is
        created: only a hash of it is stored.
      </p>
      <TokensPanel />
    </section>
  );
}
