/**
 * Import layering, checked by `npm test` (dependency-cruiser). The layers, from the top:
 *
 *   app (pages and route handlers), server/mcp, server/cli, the process (server/*.ts)
 *     -> server/api (tRPC routers, the REST edge)      server/auth (sessions, API tokens, OAuth) beside it
 *       -> server/domain (business logic, no HTTP)
 *         -> server/db (Prisma, connections, migrations)
 *           -> server/lib (small helpers with no knowledge of the product)
 *
 * A module may import from its own layer and the layers below, never above; auth and api may use
 * each other's types only through the domain. No import cycles at all.
 * `.dependency-cruiser-known-violations.json` lists the imports that still break a rule (the debt
 * being paid down); `npm test` fails on any new one.
 */
const layer = (name, path, forbidden) => ({
  name: `${name}-imports-upward`,
  severity: "error",
  comment: `${name} may not import from a layer above it`,
  from: { path },
  to: { path: forbidden },
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "modules import each other (directly or through others)",
      from: {},
      to: { circular: true },
    },
    layer("lib", "^server/lib/", "^(app|server/(api|auth|mcp|cli|domain|db|docs)/|server/(http|main|cluster|workers)\\.ts$)"),
    layer("db", "^server/db/", "^(app|server/(api|auth|mcp|cli|domain|docs)/|server/(http|main|cluster|workers)\\.ts$)"),
    layer("domain", "^server/domain/", "^(app|server/(api|auth|mcp|cli)/|server/(http|main|cluster|workers)\\.ts$)"),
    layer("api", "^server/api/", "^(app|server/(mcp|cli)/|server/(http|main|cluster|workers)\\.ts$)"),
    layer("auth", "^server/auth/", "^(app|server/(api|mcp|cli)/|server/(http|main|cluster|workers)\\.ts$)"),
    {
      name: "server-imports-app",
      severity: "error",
      comment: "the server never imports the workspace's pages or components",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "not-to-test-code",
      severity: "error",
      comment: "product code never imports tests or benchmarks",
      from: { path: "^(app|server|bin|prisma)/" },
      to: { path: "^(tests|e2e|bench)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|server/db/generated)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
