// The card with Stripe (ARCHITECTURE "Only the card element hydrates"): Stripe.js draws one
// card element (number, expiry, security code) whose data never reaches our server. On
// COMPLETE PURCHASE the card becomes a PaymentMethod in the browser (spec section 7: with the
// billing details name, email, phone and address), and only its id is posted with the form.
// When the bank asks for 3-D Secure, Stripe.js shows the challenge in the page, then the form
// is posted again as "confirm-payment" so that the server asks Stripe where the payment stands.
// Without JavaScript nothing of this runs: the server sends her to Stripe's hosted page.
import type { Stripe, StripeCardElement, StripeConstructor } from "@stripe/stripe-js";
import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useT } from "./i18n";
import { ProcessingOverlay } from "./processing-overlay";

/** Spec section 5: the card element is missing when she submits. */

/** Stripe.js, from the configured address (a local stand-in in end-to-end tests), loaded once. */
let stripeJs: { url: string; constructor: Promise<StripeConstructor> } | undefined;
/** One Stripe instance per publishable key: a remount reuses it. */
const instances = new Map<string, Stripe>();

function loadStripeJs(url: string): Promise<StripeConstructor> {
  if (stripeJs?.url === url) return stripeJs.constructor;
  const constructor = new Promise<StripeConstructor>((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe);
      return;
    }
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.addEventListener("load", () => (window.Stripe ? resolve(window.Stripe) : reject(new Error("Stripe.js did not define Stripe"))));
    script.addEventListener("error", () => {
      script.remove();
      reject(new Error("Stripe.js could not be loaded"));
    });
    document.head.append(script);
  });
  stripeJs = { url, constructor };
  // A failed load may be tried again by the next mount.
  constructor.catch(() => {
    if (stripeJs?.constructor === constructor) stripeJs = undefined;
  });
  return constructor;
}

async function stripeFor(url: string, publishableKey: string): Promise<Stripe> {
  const StripeJs = await loadStripeJs(url);
  let stripe = instances.get(publishableKey);
  if (!stripe) {
    stripe = StripeJs(publishableKey);
    instances.set(publishableKey, stripe);
  }
  return stripe;
}

/** Only what she filled in: Stripe keeps an empty string as a value. */
function present<T extends Record<string, string | undefined>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as Partial<T>;
}

/**
 * Spec section 7: the billing details sent with the card, from the checkout form: the shipping
 * address, or the older variant's billing address when "same as shipping" is unticked.
 */
function billingDetailsOf(form: HTMLFormElement) {
  const fields = new FormData(form);
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  const ownBilling = form.elements.namedItem("billingSameAsShipping") !== null && fields.get("billingSameAsShipping") !== "on";
  const field = (name: string) => text(ownBilling ? `billing${name[0]!.toUpperCase()}${name.slice(1)}` : name);
  const name = [field("firstName"), field("lastName")].filter(Boolean).join(" ");
  return {
    ...present({ name, email: text("email"), phone: text("phone") }),
    address: present({
      line1: field("addressLine1"),
      line2: field("addressLine2"),
      city: field("city"),
      state: field("state"),
      postal_code: field("zipCode"),
      country: "US",
    }),
  };
}

/** Is this submit a purchase (COMPLETE PURCHASE, or Enter in a field), not another button such as Apply? */
function isPurchase(submitter: HTMLElement | null): boolean {
  if (!(submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement)) return true;
  return submitter.name !== "intent" || submitter.value === "complete-purchase";
}

type Status = "server" | "loading" | "ready" | "failed";

export function StripeCard({ publishableKey, stripeJsUrl }: { publishableKey: string; stripeJsUrl: string }) {
  // Our words and Stripe's own (its element's placeholder and card errors) in her language.
  // Read through a ref: the effects below must not run again when the page draws anew.
  const t = useT();
  const words = useRef(t);
  words.current = t;
  const language = t.language;
  const elementRef = useRef<HTMLDivElement>(null);
  const methodRef = useRef<HTMLInputElement>(null);
  const mounted = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  /** Between the click and the post: making the PaymentMethod, or 3-D Secure. */
  const busy = useRef(false);
  /** Set while our own confirm-payment post goes through the submit listener. */
  const confirming = useRef(false);
  const handledAnswer = useRef<unknown>(null);
  // "server" until hydrated: the same markup on the server, for visitors without JavaScript.
  const [status, setStatus] = useState<Status>("server");
  const [working, setWorking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const statusRef = useRef<Status>(status);
  statusRef.current = status;
  const actionData = useActionData<{ clientSecret?: string } | undefined>();
  const navigation = useNavigation();

  // Loads Stripe.js and mounts the card element.
  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | undefined;
    setStatus("loading");
    stripeFor(stripeJsUrl, publishableKey)
      .then((stripe) => {
        if (cancelled || !elementRef.current) return;
        card = stripe.elements({ locale: language }).create("card", {
          // Her ZIP code is the billing (or shipping) address's, sent with the billing details.
          hidePostalCode: true,
          style: {
            base: { color: "#2b2330", fontSize: "18px", fontFamily: "system-ui, sans-serif", "::placeholder": { color: "#5b5263" } },
            invalid: { color: "#b3261e" },
          },
        });
        card.on("change", (event) => setMessage(event.error?.message ?? null));
        card.mount(elementRef.current);
        mounted.current = { stripe, card };
        setStatus("ready");
      })
      .catch(() => {
        if (cancelled) return;
        setStatus("failed");
        setMessage(words.current("cardForm.elementMissing"));
      });
    return () => {
      cancelled = true;
      mounted.current = null;
      card?.destroy();
    };
  }, [publishableKey, stripeJsUrl, language]);

  // COMPLETE PURCHASE: the card becomes a PaymentMethod first, then the form goes with its id.
  useEffect(() => {
    const form = elementRef.current?.closest("form");
    const methodInput = methodRef.current;
    if (!form || !methodInput) return;
    // On the form itself, so it runs before Remix's own submit handler (React listens at the root).
    const onSubmit = (event: SubmitEvent) => {
      if (confirming.current || !isPurchase(event.submitter)) return;
      if (methodInput.value) return; // the PaymentMethod is made: on to the server
      // Her consent first: an unticked agreement goes to the server as it is, to be refused
      // there with its message, and her card is never given to Stripe.
      const agreement = form.elements.namedItem("subscriptionAgreement");
      if (agreement instanceof HTMLInputElement && !agreement.checked) return;
      event.preventDefault();
      if (busy.current) return; // a second click while the first is in hand
      const current = mounted.current;
      if (!current) {
        // Spec section 5: while Stripe.js is loading, submit does nothing; without the element, say so.
        if (statusRef.current !== "loading") setMessage(words.current("cardForm.elementMissing"));
        return;
      }
      const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
      busy.current = true;
      setWorking(true);
      setMessage(null);
      current.stripe
        .createPaymentMethod({ type: "card", card: current.card, billing_details: billingDetailsOf(form) })
        .then(async ({ paymentMethod, error }) => {
          if (error || !paymentMethod) {
            // Spec section 8: the provider's message, or "Payment method creation failed".
            setMessage(error?.message || words.current("cardForm.methodFailed"));
            current.card.focus();
            return;
          }
          // Past the click's own submit event: a form ignores requestSubmit() while that event is
          // still being dispatched (an answer that comes at once would otherwise be lost).
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (!form.isConnected) return;
          methodInput.value = paymentMethod.id;
          try {
            // Remix reads the form as it is submitted; a later attempt makes a new PaymentMethod.
            form.requestSubmit(submitter ?? undefined);
          } finally {
            methodInput.value = "";
          }
        })
        .catch(() => setMessage(words.current("cardForm.unexpected")))
        .finally(() => {
          busy.current = false;
          setWorking(false);
        });
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, []);

  // 3-D Secure: the server answered with the PaymentIntent's client secret.
  const clientSecret = actionData?.clientSecret;
  // Only once Remix has finished reloading the page's data after the action: posting the form
  // again during that reload would abort it mid-stream.
  const settled = navigation.state === "idle";
  useEffect(() => {
    if (!clientSecret || !settled || handledAnswer.current === actionData) return;
    handledAnswer.current = actionData;
    const form = elementRef.current?.closest("form");
    if (!form) return;
    busy.current = true;
    setWorking(true);
    void stripeFor(stripeJsUrl, publishableKey)
      .then((stripe) => stripe.handleNextAction({ clientSecret }))
      // Passed, failed or abandoned: the server asks Stripe and records it either way.
      .catch(() => undefined)
      .then(() => {
        if (!form.isConnected) return;
        const intent = document.createElement("input");
        intent.type = "hidden";
        intent.name = "intent";
        intent.value = "confirm-payment";
        form.append(intent);
        confirming.current = true;
        try {
          form.requestSubmit();
        } finally {
          confirming.current = false;
          intent.remove();
        }
      })
      .finally(() => {
        busy.current = false;
        setWorking(false);
      });
  }, [actionData, clientSecret, settled, publishableKey, stripeJsUrl]);

  // The page shows its own overlay while COMPLETE PURCHASE is posted; this one covers the rest.
  const intent = navigation.formData?.get("intent");
  const pagePaying = navigation.state === "submitting" && intent === "complete-purchase";
  const overlay = !pagePaying && (working || (navigation.state !== "idle" && intent === "confirm-payment"));

  return (
    <div className="stripe-card">
      <div className="field">
        {status === "loading" ? <p className="hint">Loading the secure card form…</p> : null}
        <div id="card-element" className="card-element" ref={elementRef} />
        <div id="card-errors" role="alert" className="card-errors">
          {message ? (
            <p className="field-error">
              <span className="visually-hidden">Error: </span>
              {message}
            </p>
          ) : null}
        </div>
      </div>
      <input type="hidden" name="paymentMethodId" ref={methodRef} />
      <noscript>
        <p>Without JavaScript, you will pay on Stripe's secure page after COMPLETE PURCHASE.</p>
      </noscript>
      {overlay ? <ProcessingOverlay /> : null}
    </div>
  );
}
