import { useT } from "./i18n";

/**
 * One five-star quote with its author, as the testimonial blocks show it. `lang` names the
 * quote's language when it is not the page's (a provider's quote we cannot translate).
 */
export function TestimonialQuote({ name, quote, rating = 5, lang }: { name: string; quote: string; rating?: number; lang?: string }) {
  const t = useT();
  return (
    <figure>
      <p className="stars" aria-label={t("testimonial.stars", { rating })}>
        {"★".repeat(rating)}
      </p>
      <blockquote lang={lang}>
        <p>“{quote}”</p>
      </blockquote>
      <figcaption>{name}</figcaption>
    </figure>
  );
}
