import { describe, expect, it } from "vitest";
import { readTestimonials } from "../../app/funnel/testimonials";

const karen = {
  id: 1,
  name: "Karen M.",
  quote: "I sleep through the night again.",
  image: "https://cdn.example.org/karen.jpg",
  beforeImage: null,
  afterImage: "/images/after.jpg",
  rating: 5,
};

function someTestimonials(count: number) {
  return Array.from({ length: count }, (_, i) => ({ id: `t${i}`, name: `Woman ${i}`, quote: `Quote ${i}`, rating: 5 }));
}

describe("readTestimonials", () => {
  it("reads an array (spec section 3)", () => {
    expect(readTestimonials([karen])).toEqual([{ ...karen, id: "1" }]);
  });

  it("reads an object with a testimonials list (spec section 3)", () => {
    expect(readTestimonials({ testimonials: [karen], total: 1 })).toEqual(readTestimonials([karen]));
  });

  it("shows at most 4 (spec section 9)", () => {
    expect(readTestimonials(someTestimonials(7)).map((t) => t.id)).toEqual(["t0", "t1", "t2", "t3"]);
  });

  it("drops entries that are not testimonials, and keeps 4 good ones when there are", () => {
    const answer = [
      null,
      "a quote",
      { id: "no-quote", name: "Ann" },
      { id: "blank", name: "  ", quote: "Fine" },
      { id: "bad-rating", name: "Bea", quote: "Fine", rating: 9 },
      { name: "No id", quote: "Fine" },
      ...someTestimonials(5),
    ];
    expect(readTestimonials(answer).map((t) => t.id)).toEqual(["t0", "t1", "t2", "t3"]);
  });

  it("keeps the first of two entries with the same id", () => {
    const [first, second] = someTestimonials(2);
    expect(readTestimonials([first, { ...second, id: first!.id }, second]).map((t) => t.name)).toEqual(["Woman 0", "Woman 1"]);
  });

  it("takes a missing rating as 5 stars and rounds a fractional one", () => {
    const [missing, fractional] = readTestimonials([
      { id: "a", name: "A", quote: "Q" },
      { id: "b", name: "B", quote: "Q", rating: 4.6 },
    ]);
    expect(missing!.rating).toBe(5);
    expect(fractional!.rating).toBe(5);
  });

  it("puts no unsafe address in an image, and keeps the quote", () => {
    const [read] = readTestimonials([
      { ...karen, image: "javascript:alert(1)", beforeImage: "data:image/svg+xml,<svg/>", afterImage: "//evil.test/x.png" },
    ]);
    expect(read).toMatchObject({ name: "Karen M.", image: null, beforeImage: null, afterImage: null });
  });

  it("answers an empty list for anything else", () => {
    for (const answer of [undefined, null, 42, "[]", {}, { testimonials: "none" }, { data: [karen] }]) {
      expect(readTestimonials(answer)).toEqual([]);
    }
  });
});
