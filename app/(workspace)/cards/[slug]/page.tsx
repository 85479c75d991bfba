import { CardDetail } from "./card-detail";

export const metadata = { title: "Card · Venture Monitor" };

export default async function CardPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <CardDetail slug={slug} />;
}
