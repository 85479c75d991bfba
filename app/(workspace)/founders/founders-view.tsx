"use client";

import { RawAccessGate } from "./access";
import { CollectionsList } from "./collections-list";
import { ProfileTable } from "./profile-table";

/** /founders: every raw profile with the list's filters, and the collections; a collections-only account sees its collections only. */
export function FoundersView() {
  return (
    <RawAccessGate>
      {(access) => (
        <section>
          <h1 className="text-2xl font-semibold">Founders</h1>
          {access === "full" ? (
            <>
              <p className="mt-1 text-sm text-slate-600">Raw data: potential and declared founders from network A.</p>
              <CollectionsList />
              <h2 className="mt-6 text-lg font-medium">All profiles</h2>
              <ProfileTable label="Founder profiles" />
            </>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-600">
                This account reads founder profiles through its collections: open one to see its profiles.
              </p>
              <CollectionsList />
            </>
          )}
        </section>
      )}
    </RawAccessGate>
  );
}
