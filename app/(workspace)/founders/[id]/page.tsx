import { RecordPrefetch, recordTitle, type TRecordQuery } from "~/app/(workspace)/record-prefetch";
import { ProfileView } from "./profile-view";

type TProps = { params: Promise<{ id: string }> };

const profileQuery =
  (id: string): TRecordQuery =>
  (trpc) =>
    trpc.rawData.profile.queryOptions({ id });

export async function generateMetadata({ params }: TProps) {
  return recordTitle(profileQuery((await params).id), (d) => (d as { data?: { name?: string } }).data?.name, "Founders");
}

export default async function FounderPage({ params }: TProps) {
  const { id } = await params;
  return (
    <RecordPrefetch query={profileQuery(id)}>
      <ProfileView id={id} />
    </RecordPrefetch>
  );
}
