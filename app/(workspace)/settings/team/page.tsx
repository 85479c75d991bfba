import { TeamPanel } from "./team-panel";

export const metadata = { title: "Team · Settings · Venture Monitor" };

export default function TeamPage() {
  return (
    <section>
      <h1 className="text-2xl font-semibold">Team</h1>
      <p className="mt-1 text-sm text-slate-600">
        Work as a fund: members of your team see the folders and saved filters shared with it. Owners and admins invite people, change roles
        and remove members; a removed member loses access at once.
      </p>
      <TeamPanel />
    </section>
  );
}
