import { Suspense } from "react";
import { RecordPrefetch, recordTitle, type TRecordQuery } from "~/app/(workspace)/record-prefetch";
import { ParticipantDetail } from "./participant-detail";

type TProps = { params: Promise<{ slug: string }> };

const participantQuery =
  (slug: string): TRecordQuery =>
  (trpc) =>
    trpc.participants.detail.queryOptions({ slug, include_user_data: true });

export async function generateMetadata({ params }: TProps) {
  const slug = decodeURIComponent((await params).slug);
  return recordTitle(participantQuery(slug), (d) => (d as { data?: { name?: string } }).data?.name, "Participants");
}

export default async function ParticipantPage({ params }: TProps) {
  const decoded = decodeURIComponent((await params).slug);
  return (
    <RecordPrefetch query={participantQuery(decoded)}>
      <Suspense>
        <ParticipantDetail slug={decoded} />
      </Suspense>
    </RecordPrefetch>
  );
}
