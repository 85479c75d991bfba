import { NotificationSettings } from "./notification-settings";

export const metadata = { title: "Notifications · Settings · Venture Monitor" };

export default function NotificationSettingsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        Everything is shown in the workspace (the bell). Choose, per kind, whether it is also e-mailed at once or as a daily or weekly
        digest, and when digests go out.
      </p>
      <NotificationSettings />
    </section>
  );
}
