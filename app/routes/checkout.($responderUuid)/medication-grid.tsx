import { Form } from "@remix-run/react";
import { useT } from "../../components/i18n";
import type { CategoryView, OptionView, SelectionPageModel } from "../../funnel/selection-page";
import { PriceTag } from "./price-tag";

/** Every button here is a submit button: the server applies the rule (docs/architecture.md, "HTML first"). */
function FlowClaim({ flowClaim }: { flowClaim?: string }) {
  return flowClaim ? <input type="hidden" name="flowClaim" value={flowClaim} /> : null;
}

export function PlanToggle({ model, flowClaim }: { model: SelectionPageModel; flowClaim?: string }) {
  const t = useT();
  return (
    <Form method="post" className="plan-toggle" id="plans" aria-labelledby="plans-title">
      <h2 id="plans-title" className="visually-hidden">
        {t("selection.billingPlan")}
      </h2>
      <FlowClaim flowClaim={flowClaim} />
      <input type="hidden" name="intent" value="plan" />
      <div className="segmented" role="group" aria-labelledby="plans-title">
        {model.plans.map((plan) => (
          <button key={plan.code} type="submit" name="plan" value={plan.code} aria-pressed={plan.selected}>
            {plan.label}
          </button>
        ))}
      </div>
    </Form>
  );
}

function OptionButton({ option }: { option: OptionView }) {
  const t = useT();
  const reasonId = `reason-${option.id}`;
  return (
    <li className={option.selected ? "option is-selected" : "option"}>
      <button
        type="submit"
        name="optionId"
        value={option.id}
        aria-pressed={option.selected}
        // A choice her state cannot have stays pressable while chosen, so she can let it go.
        disabled={option.unavailableReason !== null && !option.selected}
        aria-describedby={option.unavailableReason ? reasonId : undefined}
      >
        {option.image ? <img src={option.image} alt="" width="48" height="48" /> : null}
        <span className="option-name" lang={option.nameLang}>
          {option.name}
        </span>
        {option.required ? <span className="tag">{t("selection.required")}</span> : null}
        {option.recommended ? <span className="tag">{t("selection.recommended")}</span> : null}
        {option.details.length > 0 ? (
          <span className="option-details" lang={option.detailsLang}>
            {option.details.join("\n")}
          </span>
        ) : null}
        {option.price ? <PriceTag price={option.price} /> : null}
      </button>
      {option.unavailableReason ? (
        <p className="option-unavailable" id={reasonId}>
          {option.unavailableReason}
        </p>
      ) : null}
    </li>
  );
}

function CategoryCard({ category, flowClaim }: { category: CategoryView; flowClaim?: string }) {
  const titleId = `category-${category.code}-title`;
  return (
    <section className="category" id={`category-${category.code}`} aria-labelledby={titleId}>
      <h2 id={titleId} lang={category.nameLang}>
        {category.name}
      </h2>
      <p className="category-description" lang={category.descriptionLang}>
        {category.description}
      </p>
      <Form method="post">
        <FlowClaim flowClaim={flowClaim} />
        <input type="hidden" name="intent" value="toggle" />
        <ul className="options">
          {category.options.map((option) => (
            <OptionButton key={option.id} option={option} />
          ))}
        </ul>
      </Form>
    </section>
  );
}

export function MedicationGrid({ model, flowClaim }: { model: SelectionPageModel; flowClaim?: string }) {
  return (
    <div className="medication-grid">
      {model.categories.map((category) => (
        <CategoryCard key={category.code} category={category} flowClaim={flowClaim} />
      ))}
    </div>
  );
}
