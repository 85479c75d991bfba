import { ProfilesList } from "./profiles-list";

export const metadata = { title: "Founders · Venture Monitor" };

export default function ProfilesPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Founder profiles</h1>
      <p className="mt-1 text-sm text-slate-600">Raw data: potential and declared founders. Needs the raw-data permission.</p>
      <ProfilesList />
    </section>
  );
}
