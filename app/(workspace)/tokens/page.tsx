import { permanentRedirect } from "next/navigation";

/** API tokens moved to the settings area. */
export default function TokensMoved() {
  permanentRedirect("/settings/tokens");
}
