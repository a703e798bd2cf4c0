// The sales funnel record (spec section 3) as the provider receives it on the sales path.
import type { ConcernCode, FunnelStepId, MotivationCode } from "./questionnaire";
import type { TrackingParams } from "./tracking";

export interface FunnelRecord {
  responderUuid: string;
  currentStepId: FunnelStepId | null;
  reasonYouAreHereToday: MotivationCode[];
  concernsAboutHrt: ConcernCode[];
  emailAddress: string | null;
  redirectUrl: string | null;
  trackingParams: TrackingParams;
}

export interface SalesFunnelRecordBody {
  responder_uuid: string;
  current_step_id: FunnelStepId | null;
  reason_you_are_here_today: MotivationCode[];
  concerns_about_hrt: ConcernCode[];
  email_address: string | null;
  redirect_url: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  referral_code: string | null;
}

export function salesFunnelRecordBody(record: FunnelRecord): SalesFunnelRecordBody {
  const t = record.trackingParams;
  return {
    responder_uuid: record.responderUuid,
    current_step_id: record.currentStepId,
    reason_you_are_here_today: record.reasonYouAreHereToday,
    concerns_about_hrt: record.concernsAboutHrt,
    email_address: record.emailAddress ?? t.email_address ?? null,
    redirect_url: record.redirectUrl,
    utm_source: t.utm_source ?? null,
    utm_medium: t.utm_medium ?? null,
    utm_campaign: t.utm_campaign ?? null,
    utm_term: t.utm_term ?? null,
    utm_content: t.utm_content ?? null,
    referral_code: t.referral_code ?? null,
  };
}

/** Where a visitor may be, given what her record holds (spec section 4 guards). */
export function mayAnswerConcerns(record: FunnelRecord | null): boolean {
  return Boolean(record && record.reasonYouAreHereToday.length > 0);
}

export function mayLeaveEmail(record: FunnelRecord | null): boolean {
  return Boolean(record && record.reasonYouAreHereToday.length > 0 && record.concernsAboutHrt.length > 0);
}
