import { notFound } from "next/navigation";
import { JoinTeam } from "./join-team";

export const metadata = { title: "Join a team · Venture Monitor", referrer: "no-referrer" };

/** /join/<token>: an invitation to a team (signed out: the workspace signs in first and comes back here). */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(token)) notFound();
  return (
    <section className="max-w-xl">
      <h1 className="text-2xl font-semibold">Join a team</h1>
      <JoinTeam token={token} />
    </section>
  );
}
