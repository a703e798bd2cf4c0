// The orders, newest first, 25 a page, and "Find a customer": one box for what she quotes, her
// order reference (typed as she says it: any case, spaces), or, for those who may see her
// details, her email, phone number or name, which list her orders.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsoleFinder } from "../../components/console-finder";
import { Field } from "../../components/field";
import { ConsolePager } from "../../components/console-parts";
import { useFormReply } from "../../components/use-form-reply";
import { finderMaxLength } from "../../funnel/customer-finder";
import { may } from "../../funnel/staff";
import type { RouteHandle } from "../../route-handle";
import { listSubscriptions } from "../../server/db/stores/subscriptions.server";
import { findCustomer } from "../../server/console/customer-search.server";
import { moneyBackBadgesOf } from "../../server/console/order-money-back.server";
import { orderLine } from "../../server/console/order-view.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { disputesToAnswer } from "../../server/subscriptions/disputes.server";
import { CustomerMatches } from "./customer-matches";
import { OpenDisputes } from "./open-disputes";
import { OrdersTable } from "./orders-table";

export const handle: RouteHandle = {
  title: (data) => `${(data as { lookup?: unknown } | undefined)?.lookup ? "Error: " : ""}Orders: Owner's console`,
};

export const pageSize = 25;

/** ?page=N as a page number; anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request, "orders");
  const url = new URL(request.url);
  // One character past the limit is enough to say it is too long; the rest is never read.
  const typed = url.searchParams.get("find")?.slice(0, finderMaxLength + 1) ?? null;
  const found = typed === null ? null : await findCustomer(request, staff, typed);
  if (found?.kind === "order") throw redirect(`/owner/orders/${found.reference}`, 303);
  const findsCustomers = may(staff.role, "customer-details");
  const lookup = found?.kind === "refused" ? { typed, message: found.message } : null;
  const matches = found?.kind === "matches" ? { typed, list: found.matches } : null;
  const page = pageOf(url.searchParams.get("page"));
  const [{ rows, total }, now] = await Promise.all([matches ? { rows: [], total: 0 } : listSubscriptions(page, pageSize), lifecycleNow()]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (!matches && page > pageCount) throw redirect(`/owner/orders?page=${pageCount}`, 303);
  const badges = await moneyBackBadgesOf(rows.map((row) => row.id));
  return data(
    {
      orders: rows.map((row) => ({ ...orderLine(row, now), badges: badges.get(row.id) ?? [] })),
      total,
      page,
      pageCount,
      findsCustomers,
      lookup,
      matches,
      disputes: await disputesToAnswer(),
    },
    { status: found?.kind === "refused" ? found.status : 200 },
  );
}

export default function ConsoleOrders() {
  const { orders, total, page, pageCount, findsCustomers, lookup, matches, disputes } = useLoaderData<typeof loader>();
  const { fields, summary } = useFormReply({
    id: "find-customer",
    names: ["find"],
    lastResult: lookup ? { status: "error", initialValue: { find: lookup.typed }, error: { find: [lookup.message] } } : null,
    defaultValue: matches ? { find: matches.typed } : {},
  });
  return (
    <section className="owner-page" aria-labelledby="page-title">
      <h1 id="page-title">Orders</h1>
      <OpenDisputes disputes={disputes} />
      <ConsoleFinder
        id="find-customer"
        title={findsCustomers ? "Find a customer" : "Find an order"}
        action="/owner/orders"
        summary={summary}
        button="Find"
      >
        <Field
          field={fields.find}
          label={findsCustomers ? "Reference, email, phone or name" : "Order reference"}
          hint={
            findsCustomers
              ? "A reference such as MC-7KQ2-94XD, her whole email or phone number, or her first or last name"
              : "For example MC-7KQ2-94XD"
          }
          autoComplete="off"
        />
      </ConsoleFinder>
      {matches ? (
        <>
          <p className="owner-count">
            {matches.list.length} {matches.list.length === 1 ? "order matches" : "orders match"}, newest first.{" "}
            <a href="/owner/orders">All orders</a>
          </p>
          <CustomerMatches rows={matches.list} />
        </>
      ) : total === 0 ? (
        <p className="owner-empty">No orders yet.</p>
      ) : (
        <>
          <p className="owner-count">
            {total} {total === 1 ? "order" : "orders"}, newest first. Times are UTC, on the lifecycle clock.
          </p>
          <OrdersTable rows={orders} />
          <p className="owner-downloads">
            <a href="/owner/orders.csv" download>
              Download all orders (CSV)
            </a>
          </p>
          <ConsolePager address="/owner/orders" label="Pages of orders" page={page} pageCount={pageCount} />
        </>
      )}
    </section>
  );
}
