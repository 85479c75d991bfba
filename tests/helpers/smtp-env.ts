import { afterAll, beforeAll } from "vitest";
import { closeMail } from "~/server/domain/mail/transport";
import { resetEnvCache } from "~/server/env";
import { startSmtp, type TSmtpHarness, type TSmtpOptions } from "./smtp";

/**
 * For a vitest file: the service's mail goes to an SMTP server inside the test process (SMTP_URL)
 * and its links to `base` (BASE_URL) from the file's first test to its last; the mail pool is
 * closed and both variables removed afterwards. Answers a getter for the harness.
 */
export function mailToTestSmtp(base: string, options: TSmtpOptions = {}): () => TSmtpHarness {
  let harness: TSmtpHarness | undefined;
  beforeAll(async () => {
    harness = await startSmtp(options);
    process.env.SMTP_URL = harness.url;
    process.env.BASE_URL = base;
    resetEnvCache();
  });
  afterAll(async () => {
    closeMail();
    delete process.env.SMTP_URL;
    delete process.env.BASE_URL;
    resetEnvCache();
    await harness?.stop();
  });
  return () => {
    if (!harness) throw new Error("mailToTestSmtp: the SMTP server starts in beforeAll");
    return harness;
  };
}
