// Throughput: autocannon on one address, after a warm-up; requests a second, latency and what
// went wrong.
import autocannon from "autocannon";
import { settings } from "./settings.mjs";

export async function load(url, headers = {}) {
  const options = { url, connections: settings.connections, headers };
  await autocannon({ ...options, duration: settings.warmupSeconds });
  const result = await autocannon({ ...options, duration: settings.durationSeconds });
  return {
    rps: result.requests.average,
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
