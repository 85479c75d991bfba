import { RecordPrefetch } from "~/app/(workspace)/record-prefetch";
import { CardDetail } from "./card-detail";

export const metadata = { title: "Card · Venture Monitor" };

export default async function CardPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return (
    <RecordPrefetch query={(trpc) => trpc.cards.detail.queryOptions({ slug, include_user_data: true })}>
      <CardDetail slug={slug} />
    </RecordPrefetch>
  );
}
