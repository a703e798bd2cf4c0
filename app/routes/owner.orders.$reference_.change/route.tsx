// Change for her (/owner/orders/{reference}/change): what she can change from her own link,
// done by support or the owner when she asks: her billing date, her shipping address and her
// plan, by her pages' rules, with her emails and the provider's events, each change audited.
// Her card is never typed here: "Send her link again" on the order page lets her change it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ConsoleArticle } from "../../components/console-parts";
import type { RouteHandle } from "../../route-handle";
import { readForm } from "../../server/http/form-body.server";
import { requireStaff } from "../../server/staff/staff-session.server";
import { AddressForHerSection } from "./address-for-her-form";
import { changeAction, changePage, orderToChange } from "./change-page.server";
import { DateForHerSection } from "./date-for-her-form";
import { PlanForHerSection } from "./plan-for-her-form";

export const handle: RouteHandle = {
  title: (data) => {
    const reference = (data as { reference?: string } | undefined)?.reference;
    return reference ? `Change for her, order ${reference}: Owner's console` : "Change for her: Owner's console";
  },
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const session = await requireStaff(request, "change-for-her");
  return changePage(request, session, await orderToChange(params.reference));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const session = await requireStaff(request, "change-for-her");
  const subscription = await orderToChange(params.reference);
  return changeAction(request, session, subscription, await readForm(request));
}

export default function ChangeForHer() {
  const { reference, here, orderPage, date, address, plan, notice } = useLoaderData<typeof loader>();
  return (
    <ConsoleArticle
      back={{ href: orderPage, label: <>Order {reference}</> }}
      title={<>Change for her: order {reference}</>}
      notice={notice}
    >
      <p>
        When she asks you to: the same changes, rules and emails as on her own pages. Her card is never typed here: to change it, send her
        link again from the order page.
      </p>
      <DateForHerSection date={date} />
      <AddressForHerSection address={address} />
      <PlanForHerSection plan={plan} here={here} />
    </ConsoleArticle>
  );
}
