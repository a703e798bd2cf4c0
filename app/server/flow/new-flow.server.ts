// Which flow a first answer belongs to. The pages that start a flow (/welcome,
// /congratulations) are the same bytes for every new visitor, so they carry no flow of their
// own: the flow is made when she answers, and the browser that answers owns it.
import { randomUUID } from "node:crypto";
import { reachedOnlySince } from "../db/stores/flow-progress.server";
import type { Visitor } from "../visitor/visitor.server";

/**
 * A repeated answer within this time, from a browser whose current flow went no further than
 * the first question, is the same start (a double click, Back and a changed mind).
 */
const repeatedStartMs = 10 * 60 * 1000;

/**
 * The flow her answer at /welcome starts (spec section 4: a new flow each time she enters):
 * a new one, unless it repeats the start her browser made a moment ago. Two posts sent at
 * the very same instant by a browser without our cookie cannot be told from two visitors:
 * each makes a flow, and she goes on with the one her browser kept.
 */
export async function flowForWelcomeAnswer(visitor: Visitor, now: Date = new Date()): Promise<string> {
  const current = visitor.currentUuid;
  if (current && (await reachedOnlySince(current, "welcome", new Date(now.getTime() - repeatedStartMs)))) return current;
  return randomUUID();
}

/**
 * The flow Build My Plan hands to the intake: the one the address names when this browser
 * owns it, else her current one when the address names none, else a new one of her own.
 */
export function flowForCongratulations(visitor: Visitor, named: string | undefined): string {
  return visitor.ownedUuid(named) ?? (named ? undefined : visitor.currentUuid) ?? randomUUID();
}
