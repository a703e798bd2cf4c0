// Marketing claims and trust signals shown on screens (spec section 1), in one place so every
// screen says the same thing.

export const contact = {
  phoneDisplay: "1-888-555-0142",
  phoneHref: "tel:+18885550142",
  email: "care@example.com",
} as const;

export const headlineClaim = "HRT relieves symptoms in 90% of women.";
export const providersClaim = "14,000+ providers";
export const lowestPriceClaim = "Care from as little as $63/month";
export const overallRating = "4.9";
/** Spec section 1: "96% appears in the testimonial title and the landing statistic". */
export const recommendClaim = { figure: "96%", text: "of women say they would recommend us to a friend" } as const;

export const stats = [
  { figure: "90%", text: "relief from hot flashes" },
  { figure: "86%", text: "better mood and sleep" },
  { figure: "20%", text: "fewer fractures" },
  { figure: "3x", text: "more effective" },
] as const;

export const trustIndicators = [
  { title: "Free & fast shipping", subtitle: "Delivered to your door", icon: "truck" },
  { title: "Millions of satisfied customers", subtitle: "Women like you, feeling like themselves", icon: "heart" },
  { title: "Trusted by healthcare professionals", subtitle: "Licensed US providers", icon: "stethoscope" },
  { title: "5-star reviews", subtitle: `Rated ${overallRating} overall`, icon: "star" },
  { title: "Clear, fair, no-surprise charges", subtitle: "Provider visits included", icon: "tag" },
  { title: "No waiting, meds in stock", subtitle: "Ships in 3-5 business days", icon: "box" },
] as const;

/** The guarantee box of the pre-checkout page (spec section 2). */
export const guarantee = {
  title: "Our promise to you",
  // After the pre-authorisation note (subscription-terms.ts), which leads it in her language.
  points: [
    "All provider visits are included in the price.",
    "Cancel anytime, with no hidden fees.",
  ],
} as const;
