import { createUser } from "~/server/domain/accounts/accounts";
import type { TCommand } from "../command";
import { requireString } from "../io";

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
