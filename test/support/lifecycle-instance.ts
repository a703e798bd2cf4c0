// A second app instance for the two-instance test: a process of its own, on the same
// PostgreSQL database (DATABASE_URL), running lifecycle rounds at once, then printing what it billed.
import { closeDatabase, database } from "../../app/server/db/client.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/billing.server";

const rounds = Number(process.argv[2] ?? "10");
// Both instances start their rounds at this moment, so that they race.
const startAt = Number(process.argv[3] ?? "0");
await database();
await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
const results = await Promise.all(Array.from({ length: rounds }, () => runLifecycleRound(paymentGateway())));
await closeDatabase();
process.stdout.write(JSON.stringify({ renewed: results.reduce((sum, round) => sum + round.renewed, 0) }));
