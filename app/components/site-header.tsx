import { languageNames, otherLanguage } from "../i18n/languages";
import { useEntryHref, useT } from "./i18n";

/**
 * The header of every page. `switchHref` is the same page in the other language (root.tsx
 * makes it: same path and query, `lang` set), a plain link, so no script is needed and she
 * stays at the same step with what she entered (her answers are on the server).
 */
export function SiteHeader({ switchHref }: { switchHref: string | null }) {
  const t = useT();
  const other = otherLanguage(t.language);
  return (
    <header className="site-header">
      <a className="brand" href={useEntryHref("/welcome")}>
        <img src="/brand-mark.svg" alt="" width="28" height="28" />
        <span>{t("common.siteName")}</span>
      </a>
      <span className="secure-note">
        <img src="/icons/lock.svg" alt="" width="16" height="16" />
        {t("header.secure")}
      </span>
      {switchHref ? (
        <a className="language-switch" href={switchHref} lang={other} hrefLang={other}>
          {languageNames[other]}
        </a>
      ) : null}
    </header>
  );
}
