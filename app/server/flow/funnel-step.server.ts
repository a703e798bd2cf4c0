// One step of the questionnaire (spec sections 3 and 4): her record, the step counted for the
// owner's report and the provider's copy queued, all in one transaction, then the outbox
// worker woken so the provider usually hears within milliseconds.
import type { RecordedStep } from "../../funnel/funnel-report";
import type { FunnelStepId } from "../../funnel/questionnaire";
import { salesFunnelRecordBody, type FunnelRecord } from "../../funnel/sales-funnel-record";
import type { Variant } from "../../funnel/variant";
import { recordFlowSteps } from "../db/stores/flow-progress.server";
import { saveFunnelRecord, type FunnelStepChange } from "../db/stores/funnel-records.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import { withOutbox } from "../outbox/with-outbox.server";

/** The report's step for each questionnaire step a record says she answered. */
const questionnaireSteps: Record<FunnelStepId, RecordedStep> = {
  welcome: "welcome",
  concerns: "concerns",
  "social-proof": "social-proof",
  congratulation: "congratulations",
};

/**
 * Records one step of the funnel: the record is created (with the visitor's variant, which it
 * keeps from then on) or updated. Returns the record as it now stands.
 */
export async function recordFunnelStep(responderUuid: string, change: FunnelStepChange, variant: Variant): Promise<FunnelRecord> {
  return withOutbox(async (tx) => {
    const saved = await saveFunnelRecord(tx, responderUuid, change, variant);
    const { record } = saved;
    if (record.currentStepId) {
      const facts = { variant: saved.variant, tracking: record.trackingParams };
      await recordFlowSteps(responderUuid, [questionnaireSteps[record.currentStepId]], facts, tx);
    }
    await enqueueOutboxMessage(tx, { kind: "sales-funnel", payload: salesFunnelRecordBody(record) });
    return record;
  });
}
