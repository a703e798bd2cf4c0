/** One five-star quote with its author, as the testimonial blocks show it. */
export function TestimonialQuote({ name, quote, rating = 5 }: { name: string; quote: string; rating?: number }) {
  return (
    <figure>
      <p className="stars" aria-label={`${rating} out of 5 stars`}>
        {"★".repeat(rating)}
      </p>
      <blockquote>
        <p>“{quote}”</p>
      </blockquote>
      <figcaption>{name}</figcaption>
    </figure>
  );
}
