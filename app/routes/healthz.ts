import { databaseAnswers } from "../server/db/client.server";

/** GET /healthz: 200 when the database answers, 503 when it does not. */
export async function loader() {
  const ok = await databaseAnswers();
  return new Response(ok ? "ok" : "database unavailable", {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
