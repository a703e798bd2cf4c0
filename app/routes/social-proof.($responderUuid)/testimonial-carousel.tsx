import { useT } from "../../components/i18n";
import { TestimonialQuote } from "../../components/testimonial-quote";
import { overallRatingIn } from "../../funnel/marketing";
import type { MessageId } from "../../i18n/en";

const quotes = [
  { name: "Karen M.", quote: "socialProof.quoteKaren" },
  { name: "Denise R.", quote: "socialProof.quoteDenise" },
  { name: "Lisa T.", quote: "socialProof.quoteLisa" },
  { name: "Angela P.", quote: "socialProof.quoteAngela" },
] as const satisfies readonly { name: string; quote: MessageId }[];

/**
 * Four quotes that change every 3 seconds (spec section 9), in CSS alone: each quote is shown
 * for its quarter of a 12-second cycle. Under prefers-reduced-motion they stand still as a list.
 */
export function TestimonialCarousel() {
  const t = useT();
  const rating = overallRatingIn(t.locale);
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{t("socialProof.testimonialsTitle")}</h2>
      <p className="rating">
        <span aria-hidden="true">★★★★★</span> {t("socialProof.rating", { rating })}
      </p>
      <ul className="carousel">
        {quotes.map((quote) => (
          <li key={quote.name} className="carousel-quote">
            <TestimonialQuote name={quote.name} quote={t(quote.quote)} />
          </li>
        ))}
      </ul>
      <label className="pause-toggle">
        <input type="checkbox" className="carousel-pause" /> {t("socialProof.pauseQuotes")}
      </label>
    </section>
  );
}
