import { TokensPanel } from "./tokens-panel";

export const metadata = { title: "API tokens · Venture Monitor" };

export default function TokensPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">API tokens</h1>
      <p className="mt-1 text-sm text-slate-600">
        Send a token as <code>Authorization: Token &lt;token&gt;</code>. A token is shown once, when it is created; only a hash
        of it is stored.
      </p>
      <TokensPanel />
    </section>
  );
}
