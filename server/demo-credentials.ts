import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TDemoCredentials } from "./domain/accounts/demo-account";

/**
 * The demo account's credentials (docs/getting-started.md): written to DATA_DIR/demo-credentials.json (mode 600)
 * when the demo account is created, and printed on that start only. Later starts say where the
 * file is instead of printing the password and the token again into every log that keeps the
 * service's output.
 */
export function demoCredentialsFile(dataDir: string): string {
  return path.join(dataDir, "demo-credentials.json");
}

export function saveDemoCredentials(dataDir: string, credentials: TDemoCredentials): void {
  writeFileSync(demoCredentialsFile(dataDir), `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
}

/**
 * What a start prints about the demo account: the credentials when this start created them
 * (`created`), otherwise where they are kept, if there is a demo account; undefined when there is
 * none.
 */
export function demoCredentialsNotice(dataDir: string, baseUrl: string, created: TDemoCredentials | undefined): string | undefined {
  const file = demoCredentialsFile(dataDir);
  if (created) {
    return `${[
      "",
      `  Demo account (stored in ${file}; printed this once):`,
      `    sign in at ${baseUrl}/signin with ${created.email} / ${created.password}`,
      `    API token: ${created.token}`,
      `    try: curl -H "Authorization: Token ${created.token}" ${baseUrl}/v1/token/validate/`,
      "",
    ].join("\n")}\n`;
  }
  if (!existsSync(file)) return undefined;
  return `\n  Demo account: its sign-in e-mail, password and API token are in ${file}\n\n`;
}
