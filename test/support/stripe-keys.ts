// Stripe's test keys, set when this module loads. config() reads the environment once per
// process (each test file runs in its own), so a test file that runs with the Stripe gateway
// loads this before any app module: through stripe-mode.ts, imported before the app's modules.
// No imports here, so nothing of the app can load first.
process.env.STRIPE_SECRET_KEY = "sk_test_123";
process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_123";

export {};
