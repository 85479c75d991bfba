import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The demo credentials the started server wrote to its DATA_DIR on first start. */
export function demoCredentials(): { email: string; password: string; token: string } {
  const dataDir = process.env.DATA_DIR ?? ".data";
  return JSON.parse(readFileSync(path.join(dataDir, "demo-credentials.json"), "utf8"));
}

/** Runs the command line against the same database as the running server. */
export function vmon(args: string[]): { code: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, ["bin/vmon.js", ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { code: 0, stdout, stderr: "" };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, stdout: e.stdout, stderr: e.stderr };
  }
}

export const auth = (token: string) => ({ Authorization: `Token ${token}` });
