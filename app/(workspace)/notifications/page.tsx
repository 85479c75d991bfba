import { Suspense } from "react";
import { NotificationsView } from "./notifications-view";

export const metadata = { title: "Notifications · Venture Monitor" };

export default function NotificationsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Notifications</h1>
      <Suspense>
        <NotificationsView />
      </Suspense>
    </section>
  );
}
