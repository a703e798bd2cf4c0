// Enrolling an authenticator app, as the two-step page and the setup page both draw it: the
// QR code (an SVG the server drew: no script, no outside image) and the secret as text for a
// person who cannot scan, then where the code goes; and the field the code is typed in.
import { Field } from "./field";
import type { FieldView } from "./form-reply";

export interface Enrolment {
  qrSvg: string;
  secretText: string;
  /** The account the app will name (the person's email). */
  email: string;
}

/** Where the code from the app goes, as a phone's keyboard and password manager expect it. */
export function AuthenticationCodeField({ field, hint }: { field: FieldView; hint?: string }) {
  return (
    <Field
      field={field}
      label="Authentication code"
      hint={hint}
      autoComplete="one-time-code"
      inputMode="numeric"
      required
      requiredMark={false}
    />
  );
}

export function AuthenticatorEnrolment({ enrolment }: { enrolment: Enrolment }) {
  return (
    <ol className="owner-steps">
      <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
      <li>
        Scan this QR code with it:
        <div
          className="owner-qr"
          role="img"
          aria-label={`QR code for the authenticator account ${enrolment.email}`}
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        Cannot scan it? Type this key in the app instead: <code className="owner-secret">{enrolment.secretText}</code>
      </li>
      <li>Enter the 6-digit code the app shows for this account.</li>
    </ol>
  );
}

/** Ten recovery codes, shown this once after enrolment, under the page's own heading. */
export function RecoveryCodesShown({ heading, codes, next }: { heading: string; codes: string[]; next: string }) {
  return (
    <section className="owner-panel" aria-labelledby="page-title">
      <h1 id="page-title">{heading}</h1>
      <p>
        Keep these recovery codes somewhere safe, away from your phone. Each one signs you in once if you lose your phone. They are shown
        only this once.
      </p>
      <ul className="owner-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <p>
        <a className="owner-button owner-button-primary" href={next}>
          Continue to the console
        </a>
      </p>
    </section>
  );
}
