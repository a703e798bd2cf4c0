import { useT } from "../../components/i18n";
import { TestimonialQuote } from "../../components/testimonial-quote";
import type { Testimonial } from "../../funnel/testimonials";

/** Up to 4 testimonials (spec section 2); the empty and failure text when there are none. */
export function TestimonialList({ testimonials }: { testimonials: Testimonial[] }) {
  const t = useT();
  return (
    <section className="testimonial-list" aria-labelledby="testimonial-list-title">
      <h2 id="testimonial-list-title">{t("selection.testimonialsTitle")}</h2>
      {testimonials.length === 0 ? (
        <p className="empty-state">{t("testimonial.none")}</p>
      ) : (
        <ul>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <TestimonialQuote name={testimonial.name} quote={testimonial.quote} rating={testimonial.rating} lang={testimonial.lang} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
