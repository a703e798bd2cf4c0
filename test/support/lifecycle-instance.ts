// A second app instance for the two-instance test: a process of its own, on the same
// PostgreSQL database (DATABASE_URL). It connects, says "ready", waits for "go" so that both
// instances begin together, runs lifecycle rounds at once, then prints what it billed.
import { once } from "node:events";
import { closeDatabase, database } from "../../app/server/db/client.server";
import { paymentGateway } from "../../app/server/payments/index.server";
import { runLifecycleRound } from "../../app/server/subscriptions/lifecycle-round.server";

const rounds = Number(process.argv[2] ?? "10");
await database();
process.stdout.write("ready\n");
await once(process.stdin, "data");
const results = await Promise.all(Array.from({ length: rounds }, () => runLifecycleRound(paymentGateway())));
await closeDatabase();
process.stdout.write(`${JSON.stringify({ renewed: results.reduce((sum, round) => sum + round.renewed, 0) })}\n`);
process.exit(0);
