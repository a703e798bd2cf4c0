// Intl formatters made once per locale. Making one costs far more than formatting with it, and
// a page that makes its formatter as it draws pays that on every request.

/** `make(locale)`, made on the locale's first use and kept: for a formatter of fixed options. */
export function perLocale<Formatter>(make: (locale: string) => Formatter): (locale: string) => Formatter {
  const made = new Map<string, Formatter>();
  return (locale) => {
    let formatter = made.get(locale);
    if (!formatter) {
      formatter = make(locale);
      made.set(locale, formatter);
    }
    return formatter;
  };
}
