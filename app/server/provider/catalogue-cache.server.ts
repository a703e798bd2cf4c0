// The catalogue and testimonials of the selection page, each cached per responder uuid for 5
// minutes (spec sections 7 and 9), so a page view rarely waits for the provider; one answer
// for every responder where the provider's are the same for all (the embedded provider).
import { fallbackCatalogue, type Catalogue } from "../../funnel/catalogue";
import type { Testimonial } from "../../funnel/testimonials";
import type { Variant } from "../../funnel/variant";
import { variantCatalogue } from "../../funnel/weight-loss";
import { provider as configuredProvider } from "./index.server";
import { isStandInAnswer, standInAnswer, type Provider } from "./provider.server";
import { log } from "../log.server";

export const answerLifetimeMs = 5 * 60_000;
/**
 * A stand-in answer (the fallback catalogue, no testimonials after a timeout) is kept briefly:
 * long enough that a provider that is down is not asked on every page view, short enough that
 * its real answer is back soon after it recovers.
 */
export const standInLifetimeMs = 30_000;
/** Bounds the memory one process spends, whatever number of uuids it is asked about. */
export const mostAnswersKept = 1_000;

interface Entry<T> {
  answer: Promise<T>;
  /** When the answer stops being used; Infinity while it is still on its way. */
  expiresAt: number;
}

/**
 * Answers per key for a time. Concurrent asks for the same key share one call; a call that
 * fails is not kept. When full, the entry written longest ago is let go first.
 */
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
  /** The catalogue for this responder; the fallback catalogue if it cannot be had. */
  medicationsFor(responderUuid: string): Promise<Catalogue>;
  /** Up to 4 testimonials; an empty list if there are none or they cannot be had. */
  testimonialsFor(responderUuid: string): Promise<Testimonial[]>;
  /** Forgets every kept answer. */
  clear(): void;
  /** How many answers are kept (for tests). */
  readonly size: number;
}

export interface CatalogueSourceOptions {
  provider?: () => Promise<Provider>;
  now?: () => number;
  maxEntries?: number;
}

/** A cached source over a provider; the app uses one per process, tests make their own. */
export function catalogueSource(options: CatalogueSourceOptions = {}): CatalogueSource {
  const provider = options.provider ?? configuredProvider;
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? mostAnswersKept;
  const medications = new AnswerCache<Catalogue>(now, maxEntries);
  const testimonials = new AnswerCache<Testimonial[]>(now, maxEntries);

  // Whatever fails here (the database of the embedded provider, say), the page still has
  // something to show: the built-in catalogue, or the empty testimonials state.
  async function ask<T extends object>(what: string, call: (provider: Provider) => Promise<T>, standIn: T): Promise<T> {
    try {
      return await call(await provider());
    } catch (error) {
      log.warn({ error: error instanceof Error ? error.name : "unknown" }, `${what} unavailable`);
      return standInAnswer(standIn);
    }
  }

  /** What a kept answer is kept under: the responder, or everyone where the answers are the same. */
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

/**
 * The catalogue for this responder as her flow's variant shows it: the provider's, cached 5
 * minutes (never fails: the fallback catalogue), with the older variant's weight-loss injections.
 */
export async function medicationsFor(responderUuid: string, variant: Variant): Promise<Catalogue> {
  return variantCatalogue(await shared().medicationsFor(responderUuid), variant);
}

/** Up to 4 testimonials for this responder, cached 5 minutes; never fails (empty list). */
export function testimonialsFor(responderUuid: string): Promise<Testimonial[]> {
  return shared().testimonialsFor(responderUuid);
}

/** Forgets the process's cached answers (tests, or after the catalogue tables change). */
export function clearProviderCaches(): void {
  holder.__catalogueSource?.clear();
}
