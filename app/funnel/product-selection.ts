// The product selection ADD TO PLAN posts to the provider (spec section 7, "POST
// save-product-selection path + /{responder_uuid}").
import type { PlanCode } from "./plans";

export interface ProductSelectionBody {
  /** The chosen options' names, as the catalogue gives them (line breaks kept). */
  product_name: string[];
  /** The total of the chosen prices for the plan, as a string (see productSelectionBody). */
  price: string;
  selected_plan: PlanCode;
}

/**
 * The body for the chosen options on a plan. The spec asks for "price (string total)"; the
 * original sent the number as JavaScript writes it, so we do too ("698", "99.5"), after
 * rounding to cents so that adding prices never sends "0.30000000000000004".
 */
export function productSelectionBody(selected: readonly { name: string; selected_price: number }[], plan: PlanCode): ProductSelectionBody {
  const total = selected.reduce((sum, medication) => sum + medication.selected_price, 0);
  return {
    product_name: selected.map((medication) => medication.name),
    price: String(Math.round(total * 100) / 100),
    selected_plan: plan,
  };
}
