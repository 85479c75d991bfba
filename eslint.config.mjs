import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import jsxA11y from "eslint-plugin-jsx-a11y";

/**
 * ESLint for the whole repository: Next's rules (React, react-hooks with the React Compiler checks,
 * core web vitals), typescript-eslint's recommended rules and jsx-a11y's recommended set. Layout is
 * Prettier's (.prettierrc.json); import layering is dependency-cruiser's (.dependency-cruiser.cjs).
 * `npm test` runs it with `--max-warnings 0`.
 */
const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "server/db/generated/**",
      "tests/openapi/schema.d.ts",
      "next-env.d.ts",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      ".test-reports/**",
    ],
  },
  ...nextVitals,
  ...nextTs,
  { files: ["app/**/*.tsx"], rules: jsxA11y.flatConfigs.recommended.rules },
  {
    rules: {
      // `{ secret: _secret, ...rest }` drops a field on purpose; the name says so.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // One way to reach another folder: `~/` is the repository's root (tsconfig.json `paths`).
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^\\.\\./\\.\\./", message: "Import through ~/ (the repository's root) instead of climbing two folders." }] },
      ],
    },
  },
  {
    // Tests, end-to-end specs and benchmarks read JSON bodies whose shape the assertions check.
    files: ["tests/**", "e2e/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright's fixtures call `use(...)`: not React's hook.
    files: ["e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
