// A worker of this server process: a round every `everyMs`, never two rounds of one worker at
// once, and stopped cleanly (the round under way finishes) when the process stops. Each worker
// is kept on globalThis, so the development server's reloads never start a second one.
// What a round does is the worker's own business (the outbox, the lifecycle, housekeeping).
import { log } from "../log.server";

const holder = globalThis as unknown as Record<string, State | undefined>;
const keyOf = (name: string) => `__${name}Worker`;

export interface WorkerOptions<Round> {
  /** Names the worker in the log. */
  name: string;
  /** Read when the worker starts. */
  everyMs: () => number;
  round: () => Promise<Round>;
  /** A round at once when it starts, rather than after the first wait. */
  roundAtStart?: boolean;
  /** Another round straight after this one: more may be waiting (a full batch). */
  again?: (round: Round) => boolean;
}

// Function-valued properties, not methods: they close over their worker and are handed out
// on their own (`export const startPrunes = pruneWorker.start`).
export interface Worker<Round> {
  start: () => void;
  /**
   * One round that begins now, started or not: a round under way may have read the world
   * before it changed, so it is waited for first. Undefined when the round failed.
   */
  runNow: () => Promise<Round | undefined>;
  /** Stops waiting for the next round and waits for the one under way. */
  stop: () => Promise<void>;
}

interface State {
  timer: NodeJS.Timeout | undefined;
  running: Promise<unknown> | null;
  again: boolean;
  stopped: boolean;
  /** Woken: a round now, or another straight after the one under way. */
  wake: () => void;
}

/**
 * Asks the worker called `name`, if this process runs one, for a round now (a round under way
 * is followed by another): by name, so a writer need not import the worker's round, and all
 * that it imports, to wake it.
 */
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

  /** A round unless one is under way; woken, another after the one under way. */
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
