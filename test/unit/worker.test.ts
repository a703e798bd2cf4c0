// The workers' one scaffold (outbox, lifecycle, housekeeping): never two rounds of one worker
// at once, a wake during a round brings one more round after it, a round asked for now waits
// for the one under way, and a stop waits for the round in progress.
import { afterEach, describe, expect, it } from "vitest";
import { wakeWorker, worker, type Worker, type WorkerOptions } from "../../app/server/workers/worker.server";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("a worker", () => {
  const started: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.stop()));
  });

  /** A worker with a round at start and the next a minute later, started; stopped after the test. */
  function startWorker<Round>(options: Omit<WorkerOptions<Round>, "everyMs" | "roundAtStart">): Worker<Round> {
    const w = worker({ everyMs: () => 60_000, roundAtStart: true, ...options });
    started.push(w);
    w.start();
    return w;
  }

  it("runs a round at start when asked, and a wake during a round brings exactly one more after it", async () => {
    const first = gate();
    let rounds = 0;
    let running = 0;
    let most = 0;
    startWorker({
      name: "testWake",
      async round() {
        running++;
        most = Math.max(most, running);
        rounds++;
        if (rounds === 1) await first.opened;
        running--;
        return rounds;
      },
    });
    expect(rounds).toBe(1);
    wakeWorker("testWake");
    wakeWorker("testWake");
    await tick();
    first.open();
    for (let i = 0; i < 5; i++) await tick();
    expect(rounds).toBe(2);
    expect(most).toBe(1);
  });

  it("runs straight on while a round says more is waiting", async () => {
    let rounds = 0;
    startWorker({ name: "testAgain", round: async () => ++rounds, again: (n) => n < 3 });
    for (let i = 0; i < 10; i++) await tick();
    expect(rounds).toBe(3);
  });

  it("runs a round now after the one under way, started or not, and answers undefined for a round that failed", async () => {
    const first = gate();
    const order: string[] = [];
    let calls = 0;
    const w = startWorker({
      name: "testNow",
      async round() {
        const n = ++calls;
        order.push(`begin ${n}`);
        if (n === 1) await first.opened;
        order.push(`end ${n}`);
        if (n === 3) throw new Error("round failed");
        return n;
      },
    });
    const now = w.runNow();
    await tick();
    first.open();
    expect(await now).toBe(2);
    expect(order).toEqual(["begin 1", "end 1", "begin 2", "end 2"]);
    expect(await w.runNow()).toBeUndefined();
    await w.stop();
    expect(await w.runNow()).toBe(4);
  });

  it("stops after the round in progress, and wakes nothing once stopped", async () => {
    const first = gate();
    let rounds = 0;
    let finished = false;
    const w = startWorker({
      name: "testStop",
      async round() {
        rounds++;
        await first.opened;
        finished = true;
      },
    });
    const stopped = w.stop();
    first.open();
    await stopped;
    expect(finished).toBe(true);
    wakeWorker("testStop");
    await tick();
    expect(rounds).toBe(1);
  });
});
