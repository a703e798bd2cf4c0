// The pages that start a flow are the same bytes for every new visitor, so they carry none: the
// flow is made when she answers, and the answering browser owns it.
import { randomUUID } from "node:crypto";
import { reachedOnlySince } from "../db/stores/flow-progress.server";
import type { Visitor } from "../visitor/visitor.server";

/** A repeat within this time, from a browser whose flow went no further than the first question, is the same start (a double click, Back). */
const repeatedStartMs = 10 * 60 * 1000;

/**
 * A new flow each time she enters (spec section 4), unless it repeats her browser's start of a
 * moment ago. Two posts at the same instant without our cookie are two visitors: she goes on
 * with the flow her browser kept.
 */
export async function flowForWelcomeAnswer(visitor: Visitor, now: Date = new Date()): Promise<string> {
  const current = visitor.currentUuid;
  if (current && (await reachedOnlySince(current, "welcome", new Date(now.getTime() - repeatedStartMs)))) return current;
  return randomUUID();
}

/** The flow the address names if owned, else her current one when it names none, else a new one. */
export function flowForCongratulations(visitor: Visitor, named: string | undefined): string {
  return visitor.ownedUuid(named) ?? (named ? undefined : visitor.currentUuid) ?? randomUUID();
}
