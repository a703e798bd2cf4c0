// Change her shipping address from her link (/subscription/{token}/address): the address her
// order ships to, prefilled in the checkout's own fields and checked by the checkout's rules;
// saved once, then the page says where her next shipment goes. A plain form: no script.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ShippingFields } from "../../components/address-fields";
import { ErrorSummary } from "../../components/error-summary";
import { HerFormButtons, HerPanel, HerResult } from "../../components/her-result";
import { useT } from "../../components/i18n";
import { useFormReply } from "../../components/use-form-reply";
import type { RouteHandle } from "../../route-handle";
import { herLanguage, openHerSubscription, privatePageHeaders } from "../../server/subscriptions/private-page.server";
import { translator } from "../../i18n/messages";
import { shownAddressField } from "../../server/subscriptions/her-address.server";
import { addressPage, saveAddress } from "./address-page.server";

export { headers } from "../../server/subscriptions/private-page.server";

export const handle: RouteHandle = { title: "herAddress.title" };
export const meta: MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  const t = translator(herLanguage(request, subscription));
  return data(await addressPage(subscription, params.token!, new URL(request.url), t), { headers: privatePageHeaders });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const subscription = await openHerSubscription(params.token, request);
  return saveAddress(request, subscription, params.token!, translator(herLanguage(request, subscription)));
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
  const t = useT();
  if (page.saved && page.current) {
    return (
      <HerResult title={t("herAddress.savedTitle")} text={t("herAddress.savedText")} back={page.back}>
        <CurrentAddress lines={page.current} />
        <p>{t("herAddress.savedNote")}</p>
      </HerResult>
    );
  }
  return (
    <HerPanel title={t("herAddress.title")} reference={page.reference}>
      <ErrorSummary summary={form.summary} formErrors={form.formErrors} />
      {page.current ? (
        <>
          <h2>{t("herAddress.shipsNow")}</h2>
          <CurrentAddress lines={page.current} />
        </>
      ) : null}
      {page.open ? (
        <Form method="post" id="her-address" noValidate className="checkout-form">
          <input type="hidden" name={shownAddressField} value={page.shown} />
          <p>{t("herAddress.intro")}</p>
          <ShippingFields fields={form.fields} />
          <HerFormButtons submit={t("herAddress.save")} leave={[{ href: page.back, label: t("herAddress.keep") }]} />
        </Form>
      ) : (
        <>
          <p className="lead">{page.ended}</p>
          <p>
            <a className="button" href={page.back}>
              {t("herPage.back")}
            </a>
          </p>
        </>
      )}
    </HerPanel>
  );
}
