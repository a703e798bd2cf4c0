import { useT } from "../../components/i18n";
import type { MessageId } from "../../i18n/en";

const steps = [
  { title: "socialProof.stepAboutYouTitle", text: "socialProof.stepAboutYouText" },
  { title: "socialProof.stepPlanTitle", text: "socialProof.stepPlanText" },
  { title: "socialProof.stepReviewTitle", text: "socialProof.stepReviewText" },
  { title: "socialProof.stepDeliveredTitle", text: "socialProof.stepDeliveredText" },
] as const satisfies readonly { title: MessageId; text: MessageId }[];

export function HowItWorks() {
  const t = useT();
  return (
    <section className="how-it-works" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title">{t("socialProof.howItWorks")}</h2>
      <ol className="numbered-steps">
        {steps.map((step) => (
          <li key={step.title}>
            <h3>{t(step.title)}</h3>
            <p>{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
