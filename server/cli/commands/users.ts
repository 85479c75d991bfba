import { createUser, setPassword } from "~/server/domain/accounts/accounts";
import type { TCommand } from "../command";
import { requireString, UsageError } from "../io";

export const usersCreateCommand: TCommand = {
  name: "users create",
  usage: "vmon users create --email E [--password P] [--staff]   create an account (browser sign-in with a password)",
  options: { email: { type: "string" }, password: { type: "string" }, staff: { type: "boolean" }, name: { type: "string" } },
  async run({ io, values, database }) {
    const account = await createUser(database.db, {
      email: requireString(values.email, "--email"),
      password: typeof values.password === "string" ? values.password : undefined,
      staff: values.staff === true,
      name: typeof values.name === "string" ? values.name : undefined,
    });
    io.result(
      { id: account.id, email: account.email, plan: account.plan, staff: account.isStaff },
      `Created account ${account.email} (id ${account.id}, plan ${account.plan}).`,
    );
  },
};

/** The whole of standard input, without its final line break (`--password-stdin`). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 4096) throw new UsageError("--password-stdin: standard input is longer than a password");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

export const usersSetPasswordCommand: TCommand = {
  name: "users set-password",
  usage: "vmon users set-password --email E (--password P | --password-stdin)   set an account's password; its browser sessions end",
  options: { email: { type: "string" }, password: { type: "string" }, "password-stdin": { type: "boolean" } },
  async run({ io, values, database }) {
    const email = requireString(values.email, "--email");
    const fromStdin = values["password-stdin"] === true;
    if (fromStdin === (typeof values.password === "string"))
      throw new UsageError("give the password with --password P or --password-stdin");
    const password = fromStdin ? await readStdin() : (values.password as string);
    const account = await setPassword(database.db, { email, password });
    io.result(
      { id: account.id, email: account.email, sessions_ended: true },
      `Password set for ${account.email}; the account's browser sessions have ended (sign in again).`,
    );
  },
};
