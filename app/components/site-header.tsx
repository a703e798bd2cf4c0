export function SiteHeader() {
  return (
    <header className="site-header">
      <a className="brand" href="/welcome">
        <img src="/brand-mark.svg" alt="" width="28" height="28" />
        <span>Menopause Care</span>
      </a>
      <span className="secure-note">
        <img src="/icons/lock.svg" alt="" width="16" height="16" />
        Secure 256 Bit SSL Encryption
      </span>
    </header>
  );
}
