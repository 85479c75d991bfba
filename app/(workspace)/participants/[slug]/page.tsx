import { Suspense } from "react";
import { ParticipantDetail } from "./participant-detail";

export const metadata = { title: "Participant · Venture Monitor" };

export default async function ParticipantPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return (
    <Suspense>
      <ParticipantDetail slug={decodeURIComponent(slug)} />
    </Suspense>
  );
}
