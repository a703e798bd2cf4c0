// Throughput: autocannon on one address, after a warm-up; requests a second, latency, the
// server's CPU time per request and what went wrong.
import autocannon from "autocannon";
import { settings } from "./settings.mjs";

/** `cpuMs` reads the server's CPU time so far (processes.mjs), before and after the measured run. */
export async function load(url, { headers = {}, cpuMs }) {
  const options = { url, connections: settings.connections, headers };
  await autocannon({ ...options, duration: settings.warmupSeconds });
  const cpuBefore = cpuMs();
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  const cpuAfter = cpuMs();
  return {
    rps: result.requests.average,
    cpuMsPerRequest: (cpuAfter - cpuBefore) / result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad: result.non2xx + result.errors,
    problems: [
      ...Object.entries(result.statusCodeStats)
        .filter(([code]) => !code.startsWith("2"))
        .map(([code, { count }]) => `${count} × ${code}`),
      ...(result.errors - result.timeouts ? [`${result.errors - result.timeouts} connection errors`] : []),
      ...(result.timeouts ? [`${result.timeouts} timeouts (> 10 s)`] : []),
    ],
  };
}
