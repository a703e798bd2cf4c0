// The pre-authorised orders (spec section 7, "pre-auth-checkout"): one row per responder uuid
// (a unique constraint), and the writes that move it through its states. Each write that
// claims the row is one conditional statement, so that of two attempts racing exactly one
// wins (decision 0008); the protocol that uses them, and that composes them with the writes
// that go with them (a promo use, the outbox, the subscription), is
// app/server/checkout/place-order.server.ts.
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { CustomerQuery } from "../../../funnel/customer-finder";
import { erasedOrderBody } from "../../../funnel/her-erasure";
import type { OrderDestination, PreAuthOrderBody } from "../../../funnel/pre-auth-order";
import { orderReference } from "../../../funnel/subscription-life";
import type { Language } from "../../../i18n/languages";
import { database, type Database, type Queryable } from "../client.server";
import { prepared, statementName } from "../prepared.server";
import { orders } from "../schema.server";
import type { Write } from "../writes-as-one.server";

export type OrderRow = typeof orders.$inferSelect;

/** What an attempt writes when it claims the order: the order as it will be sent, and its amount. */
export interface OrderValues {
  body: PreAuthOrderBody;
  amountCents: number;
  gateway: "sandbox" | "stripe";
  /** The language of the page she paid on. */
  language: Language;
}

/** The payment's card, as the gateway named it. */
export interface PaymentCard {
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

const orderOfFlow = (db: Database) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.responderUuid, sql.placeholder("responderUuid")))
    .prepare(statementName(db, "order_of_flow"));

export async function findOrder(responderUuid: string): Promise<OrderRow | undefined> {
  const [row] = await prepared(await database(), orderOfFlow).execute({ responderUuid });
  return row;
}

/** The authorised orders placed with this email, whatever its case. */
export async function authorisedOrdersByEmail(email: string): Promise<OrderRow[]> {
  return (await database())
    .select()
    .from(orders)
    .where(and(eq(orders.status, "authorised"), sql`lower(${orders.body}->'customer'->>'email') = ${email.trim().toLowerCase()}`))
    .limit(20);
}

/** The flows whose order (in any state) was placed with this email, whatever its case. */
export async function flowsWithOrderEmail(email: string, limit: number): Promise<string[]> {
  const rows = await (
    await database()
  )
    .select({ responderUuid: orders.responderUuid })
    .from(orders)
    .where(sql`lower(${orders.body}->'customer'->>'email') = ${email.trim().toLowerCase()}`)
    .limit(limit);
  return rows.map((row) => row.responderUuid);
}

export async function findOrderByPaymentReference(reference: string): Promise<OrderRow | undefined> {
  const [row] = await (await database()).select().from(orders).where(eq(orders.paymentReference, reference));
  return row;
}

function columnsOf(order: OrderValues) {
  return {
    body: order.body as unknown as Record<string, unknown>,
    amountCents: order.amountCents,
    gateway: order.gateway,
    language: order.language,
  };
}

// Both presses of every checkout send the claim: built once, its values filled in.
const placeholder = sql.placeholder;
const claimValues = {
  body: placeholder("body"),
  amountCents: placeholder("amountCents"),
  gateway: placeholder("gateway"),
  language: placeholder("language"),
  status: "processing" as const,
  attemptKey: placeholder("attemptKey"),
  failureMessage: null,
  updatedAt: placeholder("updatedAt"),
};
/** The row as kept takes the claim: only an order not under way, and not by this same attempt again. */
const claimTakes = and(
  inArray(orders.status, ["pending", "declined", "failed"]),
  or(isNull(orders.attemptKey), ne(orders.attemptKey, placeholder("attemptKey")), eq(orders.status, "pending")),
)!;

/**
 * The claim as a statement of its own, or after other writes in the same statement (`q` is
 * then `db.with(...)`): its values are placeholders, orderClaimValues fills them.
 */
export const orderClaimInsert = (q: Pick<Database, "insert">) =>
  q
    .insert(orders)
    .values({ responderUuid: placeholder("responderUuid"), reference: placeholder("reference"), ...claimValues, attempts: 1 })
    .onConflictDoUpdate({
      target: orders.responderUuid,
      // The values this attempt would have inserted.
      set: {
        ...Object.fromEntries(
          Object.keys(claimValues).map((key) => [key, sql`excluded.${sql.identifier(orders[key as keyof typeof claimValues].name)}`]),
        ),
        attempts: sql`${orders.attempts} + 1`,
      },
      setWhere: claimTakes,
    })
    .returning();

/**
 * Her order as a statement that claims beside this (orderClaimInsert as a WITH) finds it, when
 * that row refuses the claim by itself (under way, settled, or this attempt's own): what a
 * refused claim would read next, read in its statement. A row the claim met only once it was
 * committed, after the statement began, is not this; its caller reads it then.
 */
export const claimRefusedOn = (responderUuid: SQL) => and(eq(orders.responderUuid, responderUuid), not(claimTakes));

const orderClaim = (q: Queryable) => orderClaimInsert(q).prepare(statementName(q, "order_claim"));

/** The values of the claim's placeholders: a new reference each time, kept only by her first claim. */
export function orderClaimValues(responderUuid: string, attemptKey: string, order: OrderValues): Record<string, unknown> {
  return { ...columnsOf(order), responderUuid, reference: orderReference(randomBytes(8)), attemptKey, updatedAt: new Date() };
}

/**
 * The claim: a new attempt takes an order that is not under way, and writes what she sent in
 * the same statement, so the order always carries the amount this attempt authorises. Her
 * first attempt makes the order's row in that statement (every later attempt claims that
 * row). Undefined when another attempt holds the order, or it is settled.
 */
export async function claimOrder(
  q: Queryable,
  responderUuid: string,
  attemptKey: string,
  order: OrderValues,
): Promise<OrderRow | undefined> {
  const [claimed] = await prepared(q, orderClaim).execute(orderClaimValues(responderUuid, attemptKey, order));
  return claimed;
}

/**
 * The attempts cut off mid-way (a crash, a deploy): orders still "processing" since before
 * `before`, oldest first, at most `limit`. The reconciler asks the gateway what became of each
 * (app/server/checkout/place-order.server.ts).
 */
export async function staleProcessingOrders(before: Date, limit: number): Promise<OrderRow[]> {
  return (await database())
    .select()
    .from(orders)
    .where(and(eq(orders.status, "processing"), lt(orders.updatedAt, before)))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit);
}

/**
 * Only the attempt that holds the order moves it on: still "processing", under the attempt
 * key it was claimed with. An attempt taken over by the reconciler, or one whose order she has
 * claimed again since, writes nothing.
 */
function heldBy(order: OrderRow) {
  return and(
    eq(orders.id, order.id),
    eq(orders.status, "processing"),
    order.attemptKey === null ? isNull(orders.attemptKey) : eq(orders.attemptKey, order.attemptKey),
  );
}

/** After authentication or the hosted page: the order waiting for it, taken by one request only. */
export async function claimWaitingOrder(orderId: string): Promise<OrderRow | undefined> {
  const [claimed] = await (
    await database()
  )
    .update(orders)
    .set({ status: "processing", updatedAt: new Date() })
    .where(and(eq(orders.id, orderId), eq(orders.status, "requires_action")))
    .returning();
  return claimed;
}

/** The bank asks her to authenticate (3-D Secure) or to pay on a hosted page. False when the attempt no longer holds the order. */
export async function recordRequiresAction(order: OrderRow, card: PaymentCard): Promise<boolean> {
  const moved = await (
    await database()
  )
    .update(orders)
    .set({
      status: "requires_action",
      paymentReference: card.reference,
      cardBrand: card.cardBrand ?? order.cardBrand,
      cardLast4: card.cardLast4 ?? order.cardLast4,
      updatedAt: new Date(),
    })
    .where(heldBy(order))
    .returning({ id: orders.id });
  return moved.length > 0;
}

/**
 * The card was not authorised: the attempt's claim ends (once: only the attempt still holding
 * the order, under its key, moves it). The order as it failed, or undefined when it had moved already.
 */
export async function recordFailure(
  q: Queryable,
  order: OrderRow,
  status: "declined" | "failed",
  message: string,
): Promise<OrderRow | undefined> {
  const [failed] = await q.update(orders).set({ status, failureMessage: message, updatedAt: new Date() }).where(heldBy(order)).returning();
  return failed;
}

function paymentColumns(order: OrderRow, paid: PreAuthOrderBody, card: PaymentCard) {
  return {
    body: paid as unknown as Record<string, unknown>,
    paymentReference: card.reference,
    cardBrand: card.cardBrand ?? order.cardBrand,
    cardLast4: card.cardLast4 ?? order.cardLast4,
  };
}

function authorisedColumns(destination: OrderDestination, reference: string) {
  return {
    status: "authorised" as const,
    authorisedAt: new Date(),
    reference,
    redirectUrl: destination.redirect_url,
    redirectType: destination.redirect_type,
  };
}

// The writes below are given, not run: each is the first of the writes that go with it, sent
// as one statement (../writes-as-one.server.ts), and returns the order's id only when it moved
// the order, so the writes after it depend on it.

/** The card is authorised: the order as it will be sent, with its payment, while the attempt holds it. */
export function paymentWrite(order: OrderRow, paid: PreAuthOrderBody, card: PaymentCard): Write {
  return {
    update: orders,
    set: { ...paymentColumns(order, paid, card), updatedAt: new Date() },
    where: heldBy(order),
    returning: orders.id,
  };
}

/** The order is authorised, under its reference, and she goes to `destination`, while the attempt holds it. */
export function authorisedWrite(order: OrderRow, destination: OrderDestination, reference: string): Write {
  return {
    update: orders,
    set: { ...authorisedColumns(destination, reference), updatedAt: new Date() },
    where: heldBy(order),
    returning: orders.id,
  };
}

/**
 * The payment and the authorisation together, for an attempt whose answer was lost and found
 * again at the gateway: only while the attempt still holds the order, so of two reconcilers
 * (or a reconciler and her own press) exactly one records it.
 */
export function foundAuthorisationWrite(
  order: OrderRow,
  paid: PreAuthOrderBody,
  card: PaymentCard,
  destination: OrderDestination,
  reference: string,
): Write {
  const set = { ...paymentColumns(order, paid, card), ...authorisedColumns(destination, reference), updatedAt: new Date() };
  return { update: orders, set, where: heldBy(order), returning: orders.id };
}

/**
 * What the medical team sees of an order: her first name, the first letter of her last name,
 * the state she ships to, and each medication's category, name and dosage. The rest of the body (her
 * last name, contact, address, prices) stays in the database: the query reads only these.
 */
export interface ClinicalOrderFacts {
  orderId: string;
  firstName: string | null;
  lastInitial: string | null;
  state: string | null;
  medications: { category: string; name: string; dosage: string }[];
}

/** Longer than any name, state or medication the checkout accepts: a bound on what a page draws. */
const clinicalTextMax = 120;
const clinicalMedicationsMax = 20;

/** Text as a line of a page: a catalogue name's line breaks ("I don't know /\nNo preference") read as spaces. */
function clinicalText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, " ").trim().slice(0, clinicalTextMax);
  return text === "" ? null : text;
}

function clinicalMedications(value: unknown): ClinicalOrderFacts["medications"] {
  const list = typeof value === "string" ? safeJson(value) : value;
  if (!Array.isArray(list)) return [];
  return list.slice(0, clinicalMedicationsMax).flatMap((item) => {
    const name = clinicalText((item as Record<string, unknown> | null)?.name);
    const fields = item as Record<string, unknown>;
    return name ? [{ category: clinicalText(fields.category) ?? "", name, dosage: clinicalText(fields.dosage) ?? "" }] : [];
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function clinicalFactsOf(orderIds: readonly string[]): Promise<ClinicalOrderFacts[]> {
  if (orderIds.length === 0) return [];
  const rows = await (
    await database()
  )
    .select({
      orderId: orders.id,
      firstName: sql<unknown>`${orders.body}->'customer'->>'firstName'`,
      lastInitial: sql<unknown>`left(btrim(${orders.body}->'customer'->>'lastName'), 1)`,
      state: sql<unknown>`${orders.body}->'shippingAddress'->>'state'`,
      medications: sql<unknown>`(
        select jsonb_agg(jsonb_build_object('category', m.item->>'category_name', 'name', m.item->>'name', 'dosage', m.item->>'dosage') order by m.n)
        from jsonb_array_elements(case when jsonb_typeof(${orders.body}->'medications') = 'array' then ${orders.body}->'medications' else '[]'::jsonb end)
          with ordinality as m(item, n)
        where m.n <= ${clinicalMedicationsMax}
      )`,
    })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return rows.map((row) => ({
    orderId: row.orderId,
    firstName: clinicalText(row.firstName),
    lastInitial: clinicalText(row.lastInitial)?.toUpperCase() ?? null,
    state: clinicalText(row.state),
    medications: clinicalMedications(row.medications),
  }));
}

export async function findOrderById(id: string): Promise<OrderRow | undefined> {
  const [row] = await (await database()).select().from(orders).where(eq(orders.id, id));
  return row;
}

/** An authorised order as "Find a customer" lists it: its reference and her name as she typed it. */
export interface CustomerOrder {
  reference: string;
  firstName: string | null;
  lastName: string | null;
}

// The body's fields as SQL, each key written out (never a parameter), so that the email's
// expression is the one its index was made on (orders_customer_email_idx).
const customerEmail = sql`lower(${orders.body}->'customer'->>'email')`;
const customerPhoneDigits = sql`regexp_replace(coalesce(${orders.body}->'customer'->>'phone', ''), '[^0-9]', '', 'g')`;
const customerFirstName = sql`coalesce(${orders.body}->'customer'->>'firstName', '')`;
const customerLastName = sql`coalesce(${orders.body}->'customer'->>'lastName', '')`;
const spaced = (text: ReturnType<typeof sql>) => sql`lower(btrim(regexp_replace(${text}, '[[:space:]]+', ' ', 'g')))`;

function customerMatches(query: CustomerQuery) {
  switch (query.by) {
    case "email":
      return sql`${customerEmail} = ${query.email}`;
    case "phone":
      // Kept as she typed it; a number typed with its country code matches one without.
      return sql`${customerPhoneDigits} in (${query.digits}, ${`1${query.digits}`})`;
    case "name":
      return sql`(${spaced(customerFirstName)} = ${query.name} or ${spaced(customerLastName)} = ${query.name} or ${spaced(sql`${customerFirstName} || ' ' || ${customerLastName}`)} = ${query.name})`;
  }
}

/** The authorised orders of the customer `query` finds, newest first, at most `limit`. */
export async function authorisedOrdersOfCustomer(query: CustomerQuery, limit: number): Promise<CustomerOrder[]> {
  const rows = await (
    await database()
  )
    .select({
      reference: orders.reference,
      firstName: sql<string | null>`${orders.body}->'customer'->>'firstName'`,
      lastName: sql<string | null>`${orders.body}->'customer'->>'lastName'`,
    })
    .from(orders)
    .where(and(eq(orders.status, "authorised"), isNotNull(orders.reference), customerMatches(query)))
    .orderBy(desc(orders.authorisedAt), desc(orders.id))
    .limit(limit);
  return rows.filter((row): row is CustomerOrder => row.reference !== null);
}

/**
 * Her order's shipping address replaced in its body, in the caller's transaction (she changed
 * it from her page): the console, the clinical view and her data read where it ships now.
 */
export async function replaceOrderShippingAddress(tx: Queryable, orderId: string, address: Record<string, string>): Promise<void> {
  await tx
    .update(orders)
    .set({ body: sql`jsonb_set(${orders.body}, '{shippingAddress}', ${JSON.stringify(address)}::jsonb)`, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * Her details taken out of her order's body at her request (erasedOrderBody: her name, email,
 * phone and addresses but their state), in the caller's transaction, with the provider's
 * destination, which may carry her tracking email. The reference, amounts and card stay.
 */
export async function eraseOrderCustomer(tx: Queryable, orderId: string): Promise<void> {
  const [row] = await tx.select({ body: orders.body }).from(orders).where(eq(orders.id, orderId)).for("update");
  if (!row) return;
  await tx
    .update(orders)
    .set({ body: erasedOrderBody(row.body), redirectUrl: null, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}
