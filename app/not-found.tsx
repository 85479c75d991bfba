import Link from "next/link";
import { sessionAccountId } from "../server/auth/nextauth";
import { NotFoundMessage } from "./(workspace)/not-found-message";
import { WorkspaceShell } from "./(workspace)/workspace-shell";

export const metadata = { title: "Not found · Venture Monitor" };

/**
 * An address no page answers (HTTP 404): signed in, inside the workspace's navigation; signed out,
 * with the way to sign in.
 */
export default async function NotFound() {
  if (await sessionAccountId()) {
    return (
      <WorkspaceShell>
        <NotFoundMessage />
      </WorkspaceShell>
    );
  }
  return (
    <main className="mx-auto mt-24 max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm" data-testid="not-found">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600">There is nothing at this address.</p>
      <Link href="/signin" className="mt-4 inline-block text-sm text-sky-700 underline">
        Sign in to Venture Monitor
      </Link>
    </main>
  );
}
