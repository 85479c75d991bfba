import { redirect } from "next/navigation";

/** /settings opens its first page. */
export default function SettingsIndex() {
  redirect("/settings/tokens");
}
