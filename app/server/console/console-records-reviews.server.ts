// Who records the medical team's decision. A provider that sends signed review outcomes
// (PROVIDER_BASE_URL and PROVIDER_WEBHOOK_SECRET both set) is the only one who decides: two
// sources of decisions could contradict each other. Otherwise nobody else can tell us, so the
// owner records them in the console: always with the embedded provider, and with a provider
// that has no webhook configured (config.server.ts: "the owner records decisions in the console").
import { config, type Settings } from "../config.server";

export function consoleRecordsReviews(settings: Settings = config()): boolean {
  return settings.PROVIDER_BASE_URL === undefined || settings.PROVIDER_WEBHOOK_SECRET === undefined;
}
