import { request as httpRequest } from "node:http";
import { expect } from "@playwright/test";

/**
 * An HTTP client for the sign-in specs whose connections leave from `source` (a loopback address,
 * 127.0.0.2 and up), with a cookie jar. The server keys the sign-in limit's client address from the
 * connection, so a spec's failures from its own source never count against the address the rest of
 * the suite signs in from. `port` is the run's server unless a spec started one of its own.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3111);

export interface TResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export class LoopbackClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly source: string,
    private readonly port = PORT,
  ) {}

  send(method: string, path: string, opts: { form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<TResponse> {
    const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    const headers: Record<string, string> = { Host: `localhost:${this.port}`, ...opts.headers };
    if (body !== undefined) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (this.cookies.size) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port: this.port, localAddress: this.source, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          for (const c of res.headers["set-cookie"] ?? []) {
            const [pair] = c.split(";");
            const eq = pair!.indexOf("=");
            this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  /** next-auth's credentials sign-in, as a form post with the CSRF token it hands out. */
  async signIn(email: string, password: string, headers: Record<string, string> = {}, callbackUrl = "/cards"): Promise<TResponse> {
    const csrf = await this.send("GET", "/api/auth/csrf");
    expect(csrf.status).toBe(200);
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    return this.send("POST", "/api/auth/callback/credentials", { form: { csrfToken, email, password, callbackUrl }, headers });
  }

  async sessionEmail(): Promise<string | undefined> {
    const res = await this.send("GET", "/api/auth/session");
    return (JSON.parse(res.body) as { user?: { email?: string } } | null)?.user?.email;
  }
}

/** The `Set-Cookie` headers of a response. */
export function setCookies(res: TResponse): string[] {
  return [res.headers["set-cookie"] ?? []].flat();
}
