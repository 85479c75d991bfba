import { ParticipantsList } from "./participants-list";

export const metadata = { title: "Participants · Venture Monitor" };

export default function ParticipantsPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Participants</h1>
      <ParticipantsList />
    </section>
  );
}
