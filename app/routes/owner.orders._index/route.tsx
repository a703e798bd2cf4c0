// The owner's orders: newest first, 25 a page, and a box to go straight to one by the
// reference she quotes (typed as she says it: any case, spaces, O for 0).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ErrorSummary } from "../../components/error-summary";
import { Field } from "../../components/field";
import { OwnerPager } from "../../components/owner-parts";
import { useFormReply } from "../../components/use-form-reply";
import { readOrderReference } from "../../funnel/subscription-life";
import type { RouteHandle } from "../../route-handle";
import { findSubscriptionByReference, listSubscriptions } from "../../server/db/stores/subscriptions.server";
import { orderLine } from "../../server/owner/order-view.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { lifecycleNow } from "../../server/subscriptions/clock.server";
import { OrdersTable } from "./orders-table";

export const handle: RouteHandle = {
  title: (data) => `${(data as { lookup?: unknown } | undefined)?.lookup ? "Error: " : ""}Orders: Owner's console`,
};

export const pageSize = 25;

export const lookupMessages = {
  missing: "Enter an order reference.",
  notFound: "No order with that reference.",
  malformed: "No order with that reference. A reference looks like MC-7KQ2-94XD.",
} as const;

/** ?page=N as a page number; anything else is the first page. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The finder's answer when it found nothing: what was typed and why. */
async function lookUp(typed: string): Promise<{ typed: string; message: string; status: number } | Response> {
  if (typed.trim() === "") return { typed, message: lookupMessages.missing, status: 400 };
  const reference = readOrderReference(typed);
  if (reference === undefined) return { typed, message: lookupMessages.malformed, status: 400 };
  if (await findSubscriptionByReference(reference)) return redirect(`/owner/orders/${reference}`, 303);
  return { typed, message: lookupMessages.notFound, status: 404 };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "orders");
  const url = new URL(request.url);
  const typed = url.searchParams.get("reference");
  const lookup = typed === null ? null : await lookUp(typed.slice(0, 100));
  if (lookup instanceof Response) throw lookup;
  const page = pageOf(url.searchParams.get("page"));
  const [{ rows, total }, now] = await Promise.all([listSubscriptions(page, pageSize), lifecycleNow()]);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) throw redirect(`/owner/orders?page=${pageCount}`, 303);
  return data(
    {
      orders: rows.map((row) => orderLine(row, now)),
      total,
      page,
      pageCount,
      lookup: lookup && { typed: lookup.typed, message: lookup.message },
    },
    { status: lookup?.status ?? 200 },
  );
}

export default function OwnerOrders() {
  const { orders, total, page, pageCount, lookup } = useLoaderData<typeof loader>();
  const { fields, summary } = useFormReply({
    id: "find-order",
    names: ["reference"],
    lastResult: lookup ? { status: "error", initialValue: { reference: lookup.typed }, error: { reference: [lookup.message] } } : null,
  });
  return (
    <section className="owner-page" aria-labelledby="page-title">
      <h1 id="page-title">Orders</h1>
      <Form method="get" action="/owner/orders" id="find-order" className="owner-finder" noValidate>
        <ErrorSummary summary={summary} />
        <Field field={fields.reference} label="Find an order by its reference" hint="For example MC-7KQ2-94XD" autoComplete="off" />
        <button type="submit" className="owner-button">
          Find order
        </button>
      </Form>
      {total === 0 ? (
        <p className="owner-empty">No orders yet.</p>
      ) : (
        <>
          <p className="owner-count">
            {total} {total === 1 ? "order" : "orders"}, newest first. Times are UTC, on the lifecycle clock.
          </p>
          <OrdersTable orders={orders} />
          <p className="owner-downloads">
            <a href="/owner/orders.csv" download>
              Download all orders (CSV)
            </a>
          </p>
          <OwnerPager address="/owner/orders" label="Pages of orders" page={page} pageCount={pageCount} />
        </>
      )}
    </section>
  );
}
