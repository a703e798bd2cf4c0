// A module as a process started with other settings would load it: config() reads the
// environment once per process, so a test stubs the variables and loads the modules afresh,
// and both are undone after it.
import { afterEach, vi } from "vitest";

/** Called in a describe: after each of its tests, the environment and the modules as they were. */
export function restoreEnvironmentAfterEach(): void {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
}

/** Sets these variables, then runs `load` (its imports) against modules loaded afresh. */
export async function loadWithEnvironment<T>(variables: Record<string, string>, load: () => Promise<T>): Promise<T> {
  for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
  vi.resetModules();
  return load();
}
