import { TestimonialQuote } from "../../components/testimonial-quote";
import { overallRating, socialProofQuotes } from "../../funnel/marketing";

/**
 * Four quotes that change every 3 seconds (spec section 9), in CSS alone: each quote is shown
 * for its quarter of a 12-second cycle. Under prefers-reduced-motion they stand still as a list.
 */
export function TestimonialCarousel() {
  return (
    <section className="testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">Why 96% of our members would recommend us</h2>
      <p className="rating">
        <span aria-hidden="true">★★★★★</span> Rated {overallRating} out of 5
      </p>
      <ul className="carousel">
        {socialProofQuotes.map((quote) => (
          <li key={quote.name} className="carousel-quote">
            <TestimonialQuote name={quote.name} quote={quote.quote} />
          </li>
        ))}
      </ul>
      <label className="pause-toggle">
        <input type="checkbox" className="carousel-pause" /> Pause the quotes
      </label>
    </section>
  );
}
