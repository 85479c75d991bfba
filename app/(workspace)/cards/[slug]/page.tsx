import { RecordPrefetch, recordTitle, type TRecordQuery } from "~/app/(workspace)/record-prefetch";
import { CardDetail } from "./card-detail";

type TProps = { params: Promise<{ slug: string }> };

const cardQuery =
  (slug: string): TRecordQuery =>
  (trpc) =>
    trpc.cards.detail.queryOptions({ slug, include_user_data: true });

export async function generateMetadata({ params }: TProps) {
  return recordTitle(cardQuery((await params).slug), (d) => (d as { data?: { name?: string } }).data?.name, "Cards");
}

export default async function CardPage({ params }: TProps) {
  const { slug } = await params;
  return (
    <RecordPrefetch query={cardQuery(slug)}>
      <CardDetail slug={slug} />
    </RecordPrefetch>
  );
}
