import { UsagePanel } from "./usage-panel";

export const metadata = { title: "Usage · Settings · Venture Monitor" };

export default function UsagePage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Usage</h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">Your plan, what is left of its quota, and the API requests counted per day.</p>
      <UsagePanel />
    </section>
  );
}
