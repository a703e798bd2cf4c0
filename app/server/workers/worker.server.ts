// A round every `everyMs`, never two at once, stopped cleanly (the round under way finishes). Kept
// on globalThis, so the development server's reloads never start a second one.
import { log } from "../log.server";

const holder = globalThis as unknown as Record<string, State | undefined>;
const keyOf = (name: string) => `__${name}Worker`;

export interface WorkerOptions<Round> {
  name: string;
  everyMs: () => number;
  round: () => Promise<Round>;
  /** Rather than after the first wait. */
  roundAtStart?: boolean;
  /** More may be waiting (a full batch). */
  again?: (round: Round) => boolean;
}

// Function-valued, not methods: they are handed out on their own (`export const startPrunes = pruneWorker.start`).
export interface Worker<Round> {
  start: () => void;
  /** A round under way may have read the world before it changed, so it is waited for first. Undefined when it failed. */
  runNow: () => Promise<Round | undefined>;
  stop: () => Promise<void>;
}

interface State {
  timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | null;
  again: boolean;
  stopped: boolean;
  wake: () => void;
}

/** By name, so a writer need not import the worker's round (and all it imports) to wake it. */
export function wakeWorker(name: string): void {
  const state = holder[keyOf(name)];
  if (state) setImmediate(state.wake);
}

export function worker<Round>(options: WorkerOptions<Round>): Worker<Round> {
  const key = keyOf(options.name);

  function oneRound(): Promise<Round | undefined> {
    return options.round().catch((error: unknown) => {
      log.error({ error: error instanceof Error ? error.name : "unknown" }, `${options.name} worker error`);
      return undefined;
    });
  }

  async function untilIdle(state: State): Promise<void> {
    do {
      state.again = false;
      const round = await oneRound();
      if (round !== undefined && options.again?.(round)) state.again = true;
    } while (state.again && !state.stopped);
  }

  function tick(state: State, woken: boolean): void {
    if (state.stopped) return;
    if (state.running) {
      if (woken) state.again = true;
      return;
    }
    const running = untilIdle(state).finally(() => {
      if (state.running === running) state.running = null;
    });
    state.running = running;
  }

  return {
    start() {
      if (holder[key]) return;
      const state: State = { timer: undefined, running: null, again: false, stopped: false, wake: () => tick(state, true) };
      holder[key] = state;
      state.timer = setInterval(() => tick(state, false), options.everyMs());
      state.timer.unref();
      if (options.roundAtStart) tick(state, false);
    },
    async runNow() {
      const state = holder[key];
      await state?.running;
      const round = oneRound();
      if (state && !state.stopped) {
        const running = round.finally(() => {
          if (state.running === running) state.running = null;
        });
        state.running = running;
      }
      return round;
    },
    async stop() {
      const state = holder[key];
      if (!state) return;
      state.stopped = true;
      clearInterval(state.timer);
      await state.running;
      holder[key] = undefined;
    },
  };
}
