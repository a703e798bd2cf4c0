// Catalogue and testimonials cached 5 minutes per responder (spec sections 7 and 9), one answer
// for all where the provider's are the same for all (the embedded provider).
import { fallbackCatalogue, type Catalogue } from "../../funnel/catalogue";
import type { Testimonial } from "../../funnel/testimonials";
import type { Variant } from "../../funnel/variant";
import { variantCatalogue } from "../../funnel/weight-loss";
import { provider as configuredProvider } from "./index.server";
import { isStandInAnswer, standInAnswer, type Provider } from "./provider.server";
import { log } from "../log.server";

export const answerLifetimeMs = 5 * 60_000;
/** Stand-ins are kept briefly: a provider that is down is not asked every view, and its answers are back soon after. */
export const standInLifetimeMs = 30_000;
/** Bounds one process's memory, however many uuids it is asked about. */
export const mostAnswersKept = 1_000;

interface Entry<T> {
  answer: Promise<T>;
  /** Infinity while on its way. */
  expiresAt: number;
}

/** Concurrent asks for a key share one call; a failed call is not kept; when full, the oldest write goes first. */
class AnswerCache<T extends object> {
  private entries = new Map<string, Entry<T>>();

  constructor(
    private readonly now: () => number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > this.now()) return kept.answer;
    if (kept) this.entries.delete(key);

    const entry: Entry<T> = { answer: load(), expiresAt: Infinity };
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    entry.answer.then(
      (answer) => {
        entry.expiresAt = this.now() + (isStandInAnswer(answer) ? standInLifetimeMs : answerLifetimeMs);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.answer;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface CatalogueSource {
  medicationsFor(responderUuid: string): Promise<Catalogue>;
  testimonialsFor(responderUuid: string): Promise<Testimonial[]>;
  clear(): void;
  /** For tests. */
  readonly size: number;
}

export interface CatalogueSourceOptions {
  provider?: () => Promise<Provider>;
  now?: () => number;
  maxEntries?: number;
}

/** One per process in the app; tests make their own. */
export function catalogueSource(options: CatalogueSourceOptions = {}): CatalogueSource {
  const provider = options.provider ?? configuredProvider;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? mostAnswersKept;
  const medications = new AnswerCache<Catalogue>(now, maxEntries);
  const testimonials = new AnswerCache<Testimonial[]>(now, maxEntries);

  // Whatever fails here (the embedded provider's database, say), the page still shows the built-in catalogue or no testimonials.
  async function ask<T extends object>(what: string, call: (provider: Provider) => Promise<T>, standIn: T): Promise<T> {
    try {
      return await call(await provider());
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.name : "unknown" }, `${what} unavailable`);
      return standInAnswer(standIn);
    }
  }

  /** The responder, or everyone where the answers are the same. */
  async function keyOf(responderUuid: string): Promise<string> {
    try {
      return (await provider()).sameAnswersForEveryone ? "everyone" : responderUuid;
    } catch {
      return responderUuid;
    }
  }

  return {
    medicationsFor: async (responderUuid) =>
      medications.get(await keyOf(responderUuid), () => ask("catalogue", (p) => p.getMedications(responderUuid), fallbackCatalogue)),
    testimonialsFor: async (responderUuid) =>
      testimonials.get(await keyOf(responderUuid), () => ask<Testimonial[]>("testimonials", (p) => p.getTestimonials(responderUuid), [])),
    clear() {
      medications.clear();
      testimonials.clear();
    },
    get size() {
      return medications.size + testimonials.size;
    },
  };
}

const holder = globalThis as typeof globalThis & { __catalogueSource?: CatalogueSource };

function shared(): CatalogueSource {
  holder.__catalogueSource ??= catalogueSource();
  return holder.__catalogueSource;
}

/** As her flow's variant shows it (the older variant adds weight-loss injections). Never fails. */
export async function medicationsFor(responderUuid: string, variant: Variant): Promise<Catalogue> {
  return variantCatalogue(await shared().medicationsFor(responderUuid), variant);
}

/** Never fails (empty list). */
export function testimonialsFor(responderUuid: string): Promise<Testimonial[]> {
  return shared().testimonialsFor(responderUuid);
}

/** Tests, or after the catalogue tables change. */
export function clearProviderCaches(): void {
  holder.__catalogueSource?.clear();
}
