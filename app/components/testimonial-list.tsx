import { noTestimonialsMessage, type Testimonial } from "../funnel/testimonials";

/** Up to 4 testimonials (spec section 2); the empty and failure text when there are none. */
export function TestimonialList({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section className="testimonial-list" aria-labelledby="testimonial-list-title">
      <h2 id="testimonial-list-title">What our members say</h2>
      {testimonials.length === 0 ? (
        <p className="empty-state">{noTestimonialsMessage}</p>
      ) : (
        <ul>
          {testimonials.map((testimonial) => (
            <li key={testimonial.id}>
              <figure>
                <p className="stars" aria-label={`${testimonial.rating} out of 5 stars`}>
                  {"★".repeat(testimonial.rating)}
                </p>
                <blockquote>
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption>{testimonial.name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
