// The selection rules of spec section 4 (placeholder types; the rules follow).
import type { MedicationOption } from "./catalogue";
import type { PlanCode } from "./plans";

/** A chosen option with its plan and price (spec section 3, "Selected medication"). */
export interface SelectedMedication extends MedicationOption {
  selected_plan: PlanCode;
  selected_price: number;
  category_name: string;
}
