import { composeMail } from "~/server/domain/mail/compose";
import { closeMail, mailConfigured, mailServerName, sendMail } from "~/server/domain/mail/transport";
import { env } from "~/server/env";
import { AppError } from "~/server/lib/errors";
import type { TCommand } from "../command";
import { requireString } from "../io";

export const mailTestCommand: TCommand = {
  name: "mail test",
  usage: "vmon mail test --to E   send a test e-mail through SMTP_URL (exit 1 when it is not set or the server refuses)",
  options: { to: { type: "string" } },
  noDatabase: true,
  async run({ io, values }) {
    const to = requireString(values.to, "--to");
    if (!mailConfigured()) throw new AppError("validation_error", "E-mail is not configured: set SMTP_URL (see docs/mail.md).");
    const { BASE_URL, MAIL_FROM } = env();
    const parts = composeMail({
      title: "Venture Monitor can send e-mail",
      blocks: [
        { paragraph: `This test message was sent with "vmon mail test" from ${MAIL_FROM}.` },
        { paragraph: "Password reset links and notifications will arrive the same way." },
        { action: { label: "Open Venture Monitor", href: "/" } },
      ],
      footer: [`Sent through ${mailServerName()} for ${BASE_URL}.`],
    });
    try {
      const sent = await sendMail({ to, subject: "Venture Monitor: test message", ...parts });
      io.result(
        { sent: true, to, from: MAIL_FROM, message_id: sent.messageId, response: sent.response },
        `Sent a test message to ${to} (message id ${sent.messageId}); the server answered: ${sent.response}`,
      );
    } finally {
      closeMail();
    }
  },
};
