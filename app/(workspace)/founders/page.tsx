import { Suspense } from "react";
import { FoundersView } from "./founders-view";

export const metadata = { title: "Founders · Venture Monitor" };

export default function FoundersPage() {
  return (
    <Suspense>
      <FoundersView />
    </Suspense>
  );
}
