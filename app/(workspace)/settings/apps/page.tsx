import { AppsPanel } from "./apps-panel";

export const metadata = { title: "Connected apps · Settings · Venture Monitor" };

export default function AppsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Connected apps</h1>
      <p className="mt-1 text-sm text-slate-600">
        Applications you allowed to use your account through OAuth. Their requests count against your plan. Revoking one ends its access at
        once.
      </p>
      <AppsPanel />
    </section>
  );
}
