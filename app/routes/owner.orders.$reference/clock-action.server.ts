// The order page's sandbox clock: moved forward by the days asked, audited, then the lifecycle
// round run at once so that what fell due shows on the page the owner comes back to.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { formatTime } from "../../components/console-format";
import { auditDetail } from "../../funnel/audit";
import { refusePage } from "../../server/http/page-refusal.server";
import { actorOf, audit } from "../../server/staff/audit.server";
import { redirectWithNotice, type StaffSession } from "../../server/staff/staff-session.server";
import { moveSandboxClock, sandboxClockAllowed } from "../../server/subscriptions/clock.server";
import { runLifecycleNow } from "../../server/subscriptions/lifecycle-worker.server";
import { clockSchema, roundText } from "./order-notices.server";

export async function clockAction(request: Request, session: StaffSession, back: string, formData: FormData) {
  if (!sandboxClockAllowed()) refusePage(403, "The sandbox clock is not available with Stripe. Nothing was done.", back);
  const submission = parseWithZod(formData, { schema: clockSchema });
  if (submission.status !== "success") return data({ form: "clock" as const, lastResult: submission.reply() }, { status: 400 });
  const days = submission.value.days;
  const moved = await moveSandboxClock(days);
  if (moved.status === "refused") {
    return data({ form: "clock" as const, lastResult: submission.reply({ fieldErrors: { days: [moved.message] } }) }, { status: 400 });
  }
  await audit(request, actorOf(session.staff), "clock-moved", { detail: days === 1 ? auditDetail`1 day` : auditDetail`${days} days` });
  const round = await runLifecycleNow();
  const daysText = `${days} ${days === 1 ? "day" : "days"}`;
  return redirectWithNotice(session, back, {
    tone: "success",
    text: `The sandbox clock moved forward ${daysText}: it is now ${formatTime(moved.now.toISOString())}. ${roundText(round)}`,
  });
}
