// What a checkout token says about the visitor (spec section 3, "Token payload"), whichever
// form it arrived in. The payload comes from outside, so every field is checked, trimmed and
// capped here and nothing else in the app needs to distrust it.
import { isPlanCode, type PlanCode } from "./plans";

export interface TokenDetails {
  responderUuid: string;
  firstName?: string;
  lastName?: string;
  email: string;
  phone?: string;
  productIds: string[];
  selectedPlan: PlanCode;
}

// The same pattern as isResponderUuid in visitor.server.ts, copied so this module stays pure.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

// The caps keep a hostile token from filling a form or a database row with a document.
const maxNameLength = 100;
const maxEmailLength = 254; // the longest address SMTP allows
const maxPhoneLength = 40;
const maxProductIdLength = 100;
const maxProductIds = 20;

/** The visitor's details from a decoded token payload, or undefined when it lacks a uuid or email. */
export function readTokenPayload(payload: unknown): TokenDetails | undefined {
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return undefined;
  const field = (name: string): unknown => (Object.hasOwn(payload, name) ? (payload as Record<string, unknown>)[name] : undefined);

  const uuid = field("responder_uuid");
  if (typeof uuid !== "string" || !uuidPattern.test(uuid.trim())) return undefined;
  // Spec section 3: "email or email_address".
  const email = text(field("email"), maxEmailLength) ?? text(field("email_address"), maxEmailLength);
  if (email === undefined) return undefined;

  const details: TokenDetails = {
    responderUuid: uuid.trim().toLowerCase(),
    email,
    productIds: productIdsOf(field("product_id")),
    selectedPlan: planOf(field("selected_plan")),
  };
  // The senders of tokens spell the names both ways; the camelCase one wins when both are given.
  const firstName = text(field("firstName"), maxNameLength) ?? text(field("first_name"), maxNameLength);
  const lastName = text(field("lastName"), maxNameLength) ?? text(field("last_name"), maxNameLength);
  const phone = text(field("phone"), maxPhoneLength);
  if (firstName !== undefined) details.firstName = firstName;
  if (lastName !== undefined) details.lastName = lastName;
  if (phone !== undefined) details.phone = phone;
  return details;
}

/** A trimmed, capped string; undefined for anything that is not a string or is blank. */
function text(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== "string") return undefined;
  let cut = value.trim().slice(0, maxLength);
  // Never leave half of a surrogate pair (an emoji cut in two) at the end.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  cut = cut.trim();
  return cut === "" ? undefined : cut;
}

/** Spec section 3: product_id is a single id or a list of them. */
function productIdsOf(value: unknown): string[] {
  const candidates = Array.isArray(value) ? value : [value];
  const ids: string[] = [];
  for (const candidate of candidates) {
    const id = text(candidate, maxProductIdLength);
    if (id !== undefined && !ids.includes(id)) ids.push(id);
    if (ids.length === maxProductIds) break;
  }
  return ids;
}

/** Spec section 3: selected_plan defaults to quarterly, and so does a plan we do not sell. */
function planOf(value: unknown): PlanCode {
  const plan = typeof value === "string" ? value.trim() : value;
  return isPlanCode(plan) ? plan : "quarterly";
}
