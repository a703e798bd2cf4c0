// The questionnaire's answers (spec section 3, "Motivation codes" and "Concern codes").
// Codes are what we store and send to the provider; labels are what the visitor reads.

export const motivationOptions = [
  { code: "tired_feeling_this_way", label: "I'm tired of feeling this way" },
  { code: "my_symptoms_are_disrupting_my_life", label: "My symptoms are disrupting my life" },
  { code: "nothing_else_has_helped", label: "Nothing else has helped" },
  { code: "im_ready_to_take_control", label: "I'm ready to take control" },
] as const;

export const concernOptions = [
  { code: "ive_heard_its_not_safe", label: "I've heard it's not safe" },
  { code: "i_dont_trust_it_will_help", label: "I don't trust it will help" },
  { code: "ive_had_bad_care_before", label: "I've had bad care before" },
  { code: "im_unsure_about_doing_this_online", label: "I'm unsure about doing this online" },
  { code: "i_dont_want_to_rely_on_hormones", label: "I don't want to rely on hormones" },
  { code: "im_worried_about_the_cost", label: "I'm worried about the cost" },
] as const;

export type MotivationCode = (typeof motivationOptions)[number]["code"];
export type ConcernCode = (typeof concernOptions)[number]["code"];

export const motivationCodes = motivationOptions.map((o) => o.code) as [MotivationCode, ...MotivationCode[]];
export const concernCodes = concernOptions.map((o) => o.code) as [ConcernCode, ...ConcernCode[]];

/** The steps a sales funnel record can be at (spec section 3, current_step_id). */
export type FunnelStepId = "welcome" | "concerns" | "social-proof" | "congratulation";
