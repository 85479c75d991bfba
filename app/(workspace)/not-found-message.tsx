import Link from "next/link";

/** What an unknown address or a missing record shows (with HTTP 404), with the ways on. */
export function NotFoundMessage() {
  return (
    <section aria-labelledby="not-found-heading" data-testid="not-found">
      <h1 id="not-found-heading" className="text-2xl font-semibold">
        Page not found
      </h1>
      <p className="mt-2 text-slate-600">
        There is nothing at this address: the link may be mistyped, or what it named was deleted or is not yours.
      </p>
      <p className="mt-4 flex flex-wrap gap-4 text-sm">
        <Link href="/cards" className="text-sky-700 underline">
          Go to the cards
        </Link>
        <Link href="/folders" className="text-sky-700 underline">
          Your folders
        </Link>
        <Link href="/radar" className="text-sky-700 underline">
          Radar
        </Link>
      </p>
    </section>
  );
}
