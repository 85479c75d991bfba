import { RecordPrefetch } from "~/app/(workspace)/record-prefetch";
import { ProfileView } from "./profile-view";

export const metadata = { title: "Founder · Venture Monitor" };

export default async function FounderPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RecordPrefetch query={(trpc) => trpc.rawData.profile.queryOptions({ id })}>
      <ProfileView id={id} />
    </RecordPrefetch>
  );
}
