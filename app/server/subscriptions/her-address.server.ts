// Her shipping address changed from her page with the checkout's rules (no PO Box, ZIP against
// state, served states and her medications' limits). Only while it is still the address her page
// showed, so a double press writes once; address, line, email (town and state only), the
// provider's copy and her state's notice rules (a reminder still to come moved) in one transaction.
import { createHash } from "node:crypto";
import type { ShippingAddress } from "../../funnel/final-checkout";
import { formText } from "../../funnel/form-text";
import { addressLines, canChangeAddress, sameAddress } from "../../funnel/her-address";
import type { PreAuthOrderBody } from "../../funnel/pre-auth-order";
import { reminderFor } from "../../funnel/renewal-notice-rules";
import { shippingRefusal } from "../../funnel/state-availability";
import { zipStateProblem } from "../../funnel/zip-codes";
import { lookUpZip } from "../checkout/zip-codes.server";
import { config } from "../config.server";
import type { Queryable } from "../db/client.server";
import { loadShippingAddress, lockShippingAddress, replaceShippingAddress } from "../db/stores/addresses.server";
import { findOrder, replaceOrderShippingAddress, type OrderRow } from "../db/stores/orders.server";
import { enqueueOutboxMessage } from "../db/stores/outbox.server";
import { moveShipState, noteOnTimeline, type SubscriptionRow } from "../db/stores/subscriptions.server";
import { fieldRefusal, formRefusal } from "../http/form-refusal.server";
import type { RateLimit } from "../http/rate-limits.server";
import { withOutbox } from "../outbox/with-outbox.server";
import { medicationsFor } from "../provider/catalogue-cache.server";
import { lifecycleNow } from "./clock.server";
import { emailMessage, orderEventMessage } from "./order-events.server";

/**
 * Each tells the provider and emails her: ten an hour an order, fifty an address. Her page and
 * support's count together, so together they cannot send her more emails than she could alone.
 */
export const addressChangeLimit: RateLimit = { bucket: "address-change", limit: 10, addressLimit: 50, windowMs: 60 * 60_000 };

export type AddressChangeOutcome =
  | { status: "changed"; address: ShippingAddress }
  /** A double press: nothing written. */
  | { status: "unchanged"; address: ShippingAddress }
  | { status: "same" }
  /** Since her page was drawn: nothing written, the page shows the new one. */
  | { status: "moved_on" }
  | { status: "ended" }
  /** The ZIP or the state, in the checkout's words. */
  | { status: "refused"; field: "zipCode" | "state"; message: string };

/** Her page's, or the console's about her. */
export interface AddressRefusalWords {
  movedOn: string;
  ended: string;
  same: string;
}

/** Undefined when it is changed (or was, by the first of two presses). */
export function addressRefusal(
  formData: FormData,
  outcome: AddressChangeOutcome,
  words: AddressRefusalWords,
  hideFields: string[],
): { lastResult: ReturnType<typeof formRefusal>; status: 400 | 409 } | undefined {
  switch (outcome.status) {
    case "changed":
    case "unchanged":
      return undefined;
    case "moved_on":
      return { lastResult: formRefusal(formData, words.movedOn, hideFields), status: 409 };
    case "ended":
      return { lastResult: formRefusal(formData, words.ended, hideFields), status: 409 };
    case "same":
      return { lastResult: formRefusal(formData, words.same, hideFields), status: 400 };
    case "refused":
      return { lastResult: fieldRefusal(formData, outcome.field, outcome.message, hideFields), status: 400 };
  }
}

function addressOfBody(order: OrderRow | undefined): ShippingAddress | undefined {
  const address = (order?.body as Partial<PreAuthOrderBody> | undefined)?.shippingAddress;
  if (!address?.addressLine1 || !address.city || !address.state || !address.zipCode) return undefined;
  return {
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2 || undefined,
    city: address.city,
    state: address.state as ShippingAddress["state"],
    zipCode: address.zipCode,
  };
}

function isWhole(address: Partial<ShippingAddress>): address is ShippingAddress {
  return Boolean(address.addressLine1 && address.city && address.state && address.zipCode);
}

/** The address kept for her flow (the checkout's, and every change since), else the order's. */
export async function herShippingAddress(subscription: SubscriptionRow): Promise<ShippingAddress | undefined> {
  const kept = await loadShippingAddress(subscription.responderUuid);
  if (isWhole(kept)) return kept;
  return addressOfBody(await findOrder(subscription.responderUuid));
}

/** A digest, so the form holds no address twice. */
export function addressDigest(address: ShippingAddress | undefined): string {
  if (!address) return "none";
  const lines = [address.addressLine1, address.addressLine2 ?? "", address.city, address.state, address.zipCode];
  return createHash("sha256").update(JSON.stringify(lines)).digest("base64url").slice(0, 32);
}

/** The field that carries the address the page showed (its digest): never sent back as typed. */
export const shownAddressField = "shown";

/** The address's form, on her page or support's: whether it may change, where it ships now, prefilled, and the digest the form carries. */
export async function addressForm(subscription: SubscriptionRow) {
  const current = await herShippingAddress(subscription);
  return {
    open: canChangeAddress(subscription.state),
    current: current ? addressLines(current) : null,
    values: current ?? {},
    shown: addressDigest(current),
  };
}

/** The digest a post of that form carries back, bounded. */
export const shownAddress = (formData: FormData) => formText(formData, shownAddressField).slice(0, 64);

/** The catalogue's options of her order's medications (by option id, else product id); one it no longer lists is let be. */
async function optionsOfOrder(subscription: SubscriptionRow, order: OrderRow | undefined) {
  const medications = (order?.body as Partial<PreAuthOrderBody> | undefined)?.medications ?? [];
  if (medications.length === 0) return [];
  const options = (await medicationsFor(subscription.responderUuid, subscription.variant)).flatMap((category) => category.options);
  return medications.flatMap((medication) => {
    const option =
      options.find((candidate) => candidate.id === medication.id) ??
      options.find((candidate) => candidate.product_id === medication.product_id);
    return option ? [option] : [];
  });
}

/** Only while her address is still `shown`. `alsoRecord`: the console's audit row, only when changed. */
export async function changeShippingAddress(
  subscription: SubscriptionRow,
  shown: string,
  next: ShippingAddress,
  alsoRecord?: (tx: Queryable) => Promise<void>,
): Promise<AddressChangeOutcome> {
  if (!canChangeAddress(subscription.state)) return { status: "ended" };
  const zipProblem = zipStateProblem(next.zipCode, next.state, lookUpZip);
  if (zipProblem) return { status: "refused", field: "zipCode", message: zipProblem };
  const order = await findOrder(subscription.responderUuid);
  const refusal = shippingRefusal(await optionsOfOrder(subscription, order), next.state, config().SERVED_STATES);
  if (refusal) return { status: "refused", field: "state", message: refusal.message };
  const customer = (order?.body as Partial<PreAuthOrderBody> | undefined)?.customer;
  const at = await lifecycleNow();
  return withOutbox(async (tx): Promise<AddressChangeOutcome> => {
    const locked = await lockShippingAddress(tx, subscription.responderUuid);
    const current = locked ?? addressOfBody(order);
    const asShown = addressDigest(current) === shown;
    if (current && sameAddress(current, next)) return asShown ? { status: "same" } : { status: "unchanged", address: current };
    if (!asShown) return { status: "moved_on" };
    const names = { firstName: locked?.firstName ?? customer?.firstName ?? "", lastName: locked?.lastName ?? customer?.lastName ?? "" };
    if (!(await replaceShippingAddress(tx, subscription.responderUuid, next, { ...names, kept: locked !== undefined }))) {
      // Another press wrote the first address since this one looked: weighed against that.
      const written = await lockShippingAddress(tx, subscription.responderUuid);
      return written && sameAddress(written, next) ? { status: "unchanged", address: written } : { status: "moved_on" };
    }
    const shippingAddress = { ...names, ...next, addressLine2: next.addressLine2 ?? "" };
    await replaceOrderShippingAddress(tx, subscription.orderId, shippingAddress);
    const shipState = next.state.toUpperCase();
    if (shipState !== subscription.shipState) {
      const billingAt = subscription.nextBillingAt;
      await moveShipState(tx, subscription.id, shipState, billingAt === null ? null : reminderFor(subscription.plan, shipState, billingAt));
    }
    // No address on the line: her timeline says what happened, her page where it ships.
    await noteOnTimeline(tx, subscription.id, "address_changed", at, {});
    const event = orderEventMessage(subscription, "address_changed", at);
    if (event.kind === "order-event") event.payload.shippingAddress = shippingAddress;
    await enqueueOutboxMessage(tx, event);
    await enqueueOutboxMessage(tx, emailMessage(subscription, "address_changed", at, { shipCity: next.city, shipState: next.state }));
    if (alsoRecord) await alsoRecord(tx);
    return { status: "changed", address: next };
  });
}
