// Which products and plan her order carries (spec section 4, "Final checkout"): what she
// added to her plan, or what a secure token named. Her own selection wins when she made it
// after the token arrived (the "hybrid flow"); otherwise the token's products are used.
import { defaultPlan, type PlanCode } from "./plans";

export interface ProductChoice {
  productIds: string[];
  selectedPlan: PlanCode;
  /** When she added it to her plan, or when the token arrived. */
  at: Date;
}

export interface OrderProducts {
  productIds: string[];
  selectedPlan: PlanCode;
  source: "selection" | "token" | "none";
}

export function orderProducts(
  selection: ProductChoice | null,
  token: ProductChoice | null,
  visiblePlans: readonly PlanCode[],
): OrderProducts {
  // A plan the site no longer offers (or a token names) becomes the default plan.
  const offered = (plan: PlanCode) => (visiblePlans.includes(plan) ? plan : defaultPlan(visiblePlans));
  const fromSelection =
    selection && selection.productIds.length > 0 ? { ...selection, selectedPlan: offered(selection.selectedPlan) } : null;
  const fromToken = token && token.productIds.length > 0 ? { ...token, selectedPlan: offered(token.selectedPlan) } : null;
  if (fromSelection && (!fromToken || fromSelection.at > fromToken.at)) {
    return { productIds: fromSelection.productIds, selectedPlan: fromSelection.selectedPlan, source: "selection" };
  }
  if (fromToken) return { productIds: fromToken.productIds, selectedPlan: fromToken.selectedPlan, source: "token" };
  return {
    productIds: [],
    selectedPlan: offered(selection?.selectedPlan ?? token?.selectedPlan ?? defaultPlan(visiblePlans)),
    source: "none",
  };
}
