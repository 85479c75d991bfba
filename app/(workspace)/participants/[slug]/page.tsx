import { Suspense } from "react";
import { RecordPrefetch } from "~/app/(workspace)/record-prefetch";
import { ParticipantDetail } from "./participant-detail";

export const metadata = { title: "Participant · Venture Monitor" };

export default async function ParticipantPage({ params }: { params: Promise<{ slug: string }> }) {
  const decoded = decodeURIComponent((await params).slug);
  return (
    <RecordPrefetch query={(trpc) => trpc.participants.detail.queryOptions({ slug: decoded, include_user_data: true })}>
      <Suspense>
        <ParticipantDetail slug={decoded} />
      </Suspense>
    </RecordPrefetch>
  );
}
