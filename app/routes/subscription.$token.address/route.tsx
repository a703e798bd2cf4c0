// Change her shipping address from her link (/subscription/{token}/address): the address her
// order ships to, prefilled in the checkout's own fields and checked by the checkout's rules;
// saved once, then the page says where her next shipment goes. A plain form: no script.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ShippingFields } from "../../components/address-fields";
import { ErrorSummary } from "../../components/error-summary";
import { HerPanel, HerResult } from "../../components/her-result";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { addressPage, saveAddress, shownField } from "./address-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "Change shipping address" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  return data(await addressPage(subscription, params.token!, new URL(request.url)), { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token);
  return saveAddress(request, subscription, params.token!);
}

const names = ["addressLine1", "addressLine2", "zipCode", "state", "city"] as const;

function CurrentAddress({ lines }: { lines: string[] }) {
  return (
    <address className="her-address">
      {lines.map((line) => (
        <span key={line}>{line}</span>
      ))}
    </address>
  );
}

export default function ChangeShippingAddress() {
  const page = useLoaderData<typeof loader>();
  const form = useFormReply({ id: "her-address", names, defaultValue: page.values });
  if (page.saved && page.current) {
    return (
      <HerResult title="Shipping address saved" text="From your next shipment on, we will send your medication to this address:" back={page.back}>
        <CurrentAddress lines={page.current} />
        <p>A shipment already on its way still goes to the address it was sent to. We have emailed you a confirmation.</p>
      </HerResult>
    );
  }
  return (
    <HerPanel title="Change shipping address" reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      {page.current ? (
        <>
          <h2>Where your order ships now</h2>
          <CurrentAddress lines={page.current} />
        </>
      ) : null}
      {page.open ? (
        <Form method="post" id="her-address" noValidate className="checkout-form">
          <input type="hidden" name={shownField} value={page.shown} />
          <p>We ship to US street addresses in the states our providers serve. The new address is used from your next shipment on.</p>
          <ShippingFields fields={form.fields} />
          <div className="button-row">
            <button type="submit" className="button button-primary">
              Save this address
            </button>
            <a className="button" href={page.back}>
              Keep my address
            </a>
          </div>
        </Form>
      ) : (
        <>
          <p className="lead">{page.ended}</p>
          <p>
            <a className="button" href={page.back}>
              Back to your subscription
            </a>
          </p>
        </>
      )}
    </HerPanel>
  );
}
