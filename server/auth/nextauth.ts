import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { db } from "../db/client";
import { logger } from "../lib/logger";
import { verifyPassword } from "./password";

/**
 * Browser sign-in: e-mail and password (accounts made with `vmon users create --password` or the
 * demo account), JWT sessions (next-auth refuses database sessions for credentials by design).
 * The session carries only the account id; the account is read fresh on every request.
 */
const ZCredentials = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1).max(200) });

export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  secret: process.env.AUTH_SECRET,
  session: { strategy: "jwt", maxAge: 7 * 24 * 3600 },
  pages: { signIn: "/signin" },
  // A wrong password is an answer, not an error worth a stack trace in the logs.
  logger: {
    error(error) {
      // Error class names are minified in the build; auth errors carry their kind in `type`.
      if ((error as { type?: string }).type === "CredentialsSignin") logger.info("sign-in refused");
      else logger.error("auth error", { error });
    },
    warn(code) {
      logger.warn("auth warning", { code });
    },
    debug() {},
  },
  providers: [
    Credentials({
      credentials: { email: { label: "E-mail" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = ZCredentials.safeParse(raw);
        if (!parsed.success) throw new CredentialsSignin();
        const account = await (await db()).account.findUnique({ where: { email: parsed.data.email } });
        if (!account || !(await verifyPassword(parsed.data.password, account.passwordHash))) throw new CredentialsSignin();
        return { id: String(account.id), email: account.email, name: account.name ?? account.email };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user?.id) token.sub = user.id;
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      return session;
    },
  },
});

/** The signed-in account id, or undefined. */
export async function sessionAccountId(): Promise<number | undefined> {
  const session = await auth();
  const id = Number(session?.user?.id);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
