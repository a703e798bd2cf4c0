// ESLint, flat config. `npm run lint` runs it over the whole repository with no warnings allowed.
// TypeScript files are linted with type information (typescript-eslint's project service reads
// tsconfig.json); plain JavaScript files (server.mjs, bench/, test stand-ins) without it.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default defineConfig(
  {
    ignores: [
      "build/**",
      "public/build/**",
      ".cache/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "bench/bare-remix/build/**",
      "bench/bare-remix/public/build/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Remix stops a loader or action by throwing its answer: a redirect, a Response or
      // data() with a status. Those are what may be thrown besides errors.
      "@typescript-eslint/only-throw-error": [
        "error",
        {
          allow: [
            { from: "lib", name: "Response" },
            { from: "package", package: "@remix-run/server-runtime", name: "TypedResponse" },
            { from: "package", package: "@remix-run/router", name: "DataWithResponseInit" },
          ],
        },
      ],
      // A leading underscore names what is taken out on purpose: a rest object without a key,
      // an argument a signature requires.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // Off: an async function without await is how a loader, an action or a test double keeps
      // a Promise-returning contract, so that what it throws arrives as a rejection. Dropping
      // `async` would change that; wrapping returns in Promise.resolve would only add noise.
      "@typescript-eslint/require-await": "off",
      // Vitest's matcher types are extended by declaration merging: an interface with no
      // members of its own that extends the ones we add.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    // Off in tests: a route's answer (test/support/route-harness.ts) and a JSON body are the
    // untyped data a browser receives; tests read into them freely and the assertions are the
    // check. Typing each would add casts that check nothing at run time.
    files: ["test/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // Off in the Stripe stand-in: the parameters of a form-encoded Stripe request arrive
    // untyped and are read as text, as Stripe reads them; a nested object's "[object Object]"
    // then fails the stand-in's checks, as it would fail Stripe's.
    files: ["test/support/fake-stripe/**"],
    rules: { "@typescript-eslint/no-base-to-string": "off" },
  },
  {
    files: ["**/*.tsx", "**/*.jsx"],
    plugins: { react },
    languageOptions: react.configs.flat.recommended.languageOptions,
    settings: { react: { version: "detect" } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      // An apostrophe or a quote in JSX text is plain text; only `>` and `}` there are likely
      // mistakes. Escaping "she's" as &apos; would only make the copy harder to read.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },
  {
    // The rules of hooks only. The plugin's recommended set also runs the React Compiler over
    // every component to check the compiler's assumptions; the app does not use the compiler,
    // and that pass alone cost about a quarter of the whole lint's time.
    files: ["**/*.tsx", "**/*.jsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    files: ["**/*.tsx", "**/*.jsx"],
    plugins: jsxA11y.flatConfigs.recommended.plugins,
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A table too wide for the screen scrolls inside a labelled region, which takes the focus
      // so that a keyboard can scroll it (axe's scrollable-region-focusable).
      "jsx-a11y/no-noninteractive-tabindex": ["error", { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  {
    // Plain JavaScript is not in tsconfig.json, and the bench's bare Remix app is a project
    // of its own: linted without type information.
    files: ["**/*.js", "**/*.mjs", "**/*.cjs", "bench/bare-remix/**"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Classic scripts the end-to-end tests serve to the browser in place of Stripe.js and
    // Google's Maps loader.
    files: ["test/e2e/support/maps-stand-in.js", "test/support/fake-stripe/stripe-js.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  prettier,
);
