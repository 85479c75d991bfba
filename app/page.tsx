import { redirect } from "next/navigation";
import { sessionAccountId } from "../server/auth/nextauth";

export const dynamic = "force-dynamic";

/**
 * `/` in a browser (API clients get the JSON catalog: proxy.ts): the workspace when signed in,
 * else the sign-in page, which leads to the workspace. The API reference is linked from the
 * sign-in page and from the token settings.
 */
export default async function HomePage() {
  redirect((await sessionAccountId()) ? "/cards" : "/signin");
}
