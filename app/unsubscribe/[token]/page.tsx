import { Button } from "~/app/_ui/button";
import { db } from "~/server/db/client";
import { readUnsubscribeToken, type TUnsubscribeScope } from "~/server/domain/notifications/unsubscribe";

export const dynamic = "force-dynamic";
export const metadata = { title: "Unsubscribe · Venture Monitor", referrer: "no-referrer" as const };

/** What a link stops, in the words of the page. */
const WHAT: Record<TUnsubscribeScope, string> = {
  saved_filter: "e-mails about new cards for your saved filters",
  radar_update: "e-mails about radar updates",
  mention: "e-mails when a teammate mentions you",
  invitation: "e-mails about team invitations",
  daily: "the daily digest e-mail",
  weekly: "the weekly digest e-mail",
};

/**
 * /unsubscribe/<token>: where the Unsubscribe link of a notification e-mail leads. Opening it
 * changes nothing; the button posts to the link's one-click address (app/api/unsubscribe), no
 * sign-in needed. The notifications stay in the workspace.
 */
export default async function UnsubscribePage(props: { params: Promise<{ token: string }>; searchParams: Promise<{ done?: string }> }) {
  const { token } = await props.params;
  const done = (await props.searchParams).done === "1";
  const link = await readUnsubscribeToken(await db(), token);
  return (
    <main className="mx-auto mt-24 max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
      {!link ? (
        <div data-testid="unsubscribe-invalid">
          <h1 className="text-xl font-semibold">This link is not valid</h1>
          <p className="mt-3 text-sm text-slate-600">
            It may be incomplete. Sign in and change what is e-mailed in your notification settings.
          </p>
        </div>
      ) : done ? (
        <div data-testid="unsubscribe-done">
          <h1 className="text-xl font-semibold">Unsubscribed</h1>
          <p className="mt-3 text-sm text-slate-600">
            {link.email} will no longer get {WHAT[link.scope]}. The notifications still show in the workspace.
          </p>
        </div>
      ) : (
        <div>
          <h1 className="text-xl font-semibold">Unsubscribe</h1>
          <p className="mt-3 text-sm text-slate-600">
            Stop {WHAT[link.scope]} to {link.email}? The notifications still show in the workspace.
          </p>
          <form method="post" action={`/api/unsubscribe/${encodeURIComponent(token)}`} className="mt-6">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <Button type="submit" variant="primary" size="lg">
              Unsubscribe
            </Button>
          </form>
        </div>
      )}
      <p className="mt-6 border-t border-slate-100 pt-4 text-sm">
        <a href="/settings/notifications" className="text-sky-700 underline">
          Notification settings
        </a>
      </p>
    </main>
  );
}
