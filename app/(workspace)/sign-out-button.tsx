"use client";

import { useLeaveForSignOut } from "../_trpc/client";
import { Button } from "../_ui/button";

/** The Sign out button of the header's form: on submit the page stops calling the server (it is leaving). */
export function SignOutButton() {
  const leave = useLeaveForSignOut();
  return (
    <Button type="submit" variant="link-muted" onClick={leave}>
      Sign out
    </Button>
  );
}
