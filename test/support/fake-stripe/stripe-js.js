// A stand-in for Stripe.js (https://js.stripe.com/v3/) in end-to-end tests: the few calls the
// checkout's card element makes (app/components/stripe-card.tsx), with no network and no
// iframe. It is a classic script, served at the address the app's STRIPE_JS_URL names.
//
// - elements().create("card") mounts one plain <input> labelled "Card number" (no name, so the
//   number is never posted with the form, as with the real element); it sends "change" events
//   with Stripe's messages ("Your card number is incomplete." / "... is invalid.").
// - createPaymentMethod() answers the test PaymentMethod that matches the number typed, the ids
//   the fake Stripe knows (test-cards.ts): 4242 4242 4242 4242 -> pm_card_visa, 5555 5555 5555 4444 ->
//   pm_card_mastercard, 4000 0000 0000 0002 -> pm_card_chargeDeclined, 4000 0000 0000 9995 ->
//   pm_card_chargeDeclinedInsufficientFunds, 4000 0027 6000 3184 -> pm_card_threeDSecure2Required.
// - handleNextAction() shows a small dialog, "Complete authentication" / "Fail authentication",
//   as Stripe's test 3-D Secure page does. When the script's address carries
//   ?authenticate={url}, the choice is POSTed there as JSON { payment_intent, succeeds } (sent as
//   text/plain, no-cors: no CORS headers needed) so the fake Stripe can move the
//   PaymentIntent on (http.ts, then standIn.authenticate); without it, the test does that.
// - window.__stripeStandIn records what was asked: { publishableKey, paymentMethods: [{ id,
//   billing_details }], nextActions: [clientSecret] }.
(function () {
  "use strict";

  var script = document.currentScript;
  var authenticateUrl = script && script.src ? new URL(script.src).searchParams.get("authenticate") : null;

  var testCards = {
    4242424242424242: { id: "pm_card_visa", brand: "visa" },
    5555555555554444: { id: "pm_card_mastercard", brand: "mastercard" },
    4000000000000002: { id: "pm_card_chargeDeclined", brand: "visa" },
    4000000000009995: { id: "pm_card_chargeDeclinedInsufficientFunds", brand: "visa" },
    4000002760003184: { id: "pm_card_threeDSecure2Required", brand: "visa" },
  };

  var record = { publishableKey: null, paymentMethods: [], nextActions: [] };
  window.__stripeStandIn = record;

  function digitsOf(text) {
    return String(text || "").replace(/[\s-]/g, "");
  }

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  /** Stripe's validation error for what is typed, or null; "incomplete" only once she submits. */
  function errorOf(digits, submitting) {
    if (/^\d{0,15}$/.test(digits)) {
      return submitting ? { type: "validation_error", code: "incomplete_number", message: "Your card number is incomplete." } : null;
    }
    if (!/^\d{16}$/.test(digits) || !luhn(digits)) {
      return { type: "validation_error", code: "invalid_number", message: "Your card number is invalid." };
    }
    return null;
  }

  function later(answer) {
    return new Promise(function (resolve) {
      setTimeout(function () {
        resolve(answer);
      }, 50);
    });
  }

  function createCardElement() {
    var input = null;
    var handlers = {};

    function emit(name, event) {
      (handlers[name] || []).forEach(function (handler) {
        handler(event);
      });
    }

    var element = {
      mount: function (target) {
        var container = typeof target === "string" ? document.querySelector(target) : target;
        if (!container) throw new Error("stripe-js stand-in: nothing to mount the card element into");
        input = document.createElement("input");
        input.type = "text";
        input.inputMode = "numeric";
        input.autocomplete = "off";
        input.setAttribute("aria-label", "Card number");
        input.setAttribute("data-stripe-stand-in", "card-number");
        input.placeholder = "1234 1234 1234 1234";
        input.addEventListener("input", function () {
          var digits = digitsOf(input.value);
          emit("change", {
            elementType: "card",
            empty: digits === "",
            complete: errorOf(digits, true) === null,
            brand: testCards[digits] ? testCards[digits].brand : "unknown",
            value: {},
            error: errorOf(digits, false) || undefined,
          });
        });
        input.addEventListener("focus", function () {
          emit("focus", { elementType: "card" });
        });
        input.addEventListener("blur", function () {
          emit("blur", { elementType: "card" });
        });
        container.appendChild(input);
        container.classList.add("StripeElement");
        setTimeout(function () {
          emit("ready", { elementType: "card" });
        }, 0);
      },
      on: function (name, handler) {
        (handlers[name] = handlers[name] || []).push(handler);
        return element;
      },
      off: function (name, handler) {
        handlers[name] = (handlers[name] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      focus: function () {
        if (input) input.focus();
      },
      blur: function () {
        if (input) input.blur();
      },
      clear: function () {
        if (input) input.value = "";
      },
      update: function () {},
      unmount: function () {
        if (input) input.remove();
        input = null;
      },
      destroy: function () {
        element.unmount();
        handlers = {};
      },
      /** Not Stripe's: what is typed, for createPaymentMethod. */
      _digits: function () {
        return input ? digitsOf(input.value) : "";
      },
    };
    return element;
  }

  /** The stand-in's 3-D Secure page, as a dialog in the page: resolves true (passed) or false. */
  function askToAuthenticate() {
    return new Promise(function (resolve) {
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", "stripe-stand-in-3ds-title");
      dialog.style.cssText = "position:fixed;inset:0;z-index:2147483647;display:grid;place-items:center;background:rgb(0 0 0 / 50%);";
      dialog.innerHTML =
        '<div style="background:#fff;padding:24px;border-radius:8px;max-width:22rem;font:16px system-ui,sans-serif">' +
        '<h2 id="stripe-stand-in-3ds-title" style="margin-top:0">Authenticate your payment</h2>' +
        "<p>Stripe.js stand-in: no bank is involved.</p>" +
        '<button type="button" data-outcome="complete">Complete authentication</button> ' +
        '<button type="button" data-outcome="fail">Fail authentication</button>' +
        "</div>";
      dialog.addEventListener("click", function (event) {
        var outcome = event.target && event.target.getAttribute && event.target.getAttribute("data-outcome");
        if (!outcome) return;
        dialog.remove();
        resolve(outcome === "complete");
      });
      document.body.appendChild(dialog);
      var first = dialog.querySelector("button");
      if (first) first.focus();
    });
  }

  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_(test|live)_/.test(String(publishableKey))) throw new Error("Invalid publishable key");
    record.publishableKey = publishableKey;
    return {
      elements: function () {
        return {
          create: function (type) {
            if (type !== "card") throw new Error("stripe-js stand-in: only the card element");
            return createCardElement();
          },
        };
      },

      createPaymentMethod: function (data) {
        var card = data && data.card;
        var digits = card && card._digits ? card._digits() : "";
        var error = errorOf(digits, true);
        var known = testCards[digits];
        if (!error && !known) {
          error = {
            type: "card_error",
            code: "card_declined",
            message: "Your card was declined. Your request was in test mode, but used a non test card.",
          };
        }
        // Answers come after a moment, as from Stripe's servers.
        if (error) return later({ error: error });
        var paymentMethod = {
          id: known.id,
          object: "payment_method",
          type: "card",
          card: { brand: known.brand, last4: digits.slice(-4), exp_month: 12, exp_year: 2034 },
          billing_details: (data && data.billing_details) || {},
        };
        record.paymentMethods.push({ id: paymentMethod.id, billing_details: paymentMethod.billing_details });
        return later({ paymentMethod: paymentMethod });
      },

      handleNextAction: function (options) {
        var clientSecret = String((options && options.clientSecret) || "");
        var paymentIntent = clientSecret.split("_secret_")[0];
        record.nextActions.push(clientSecret);
        return askToAuthenticate().then(function (succeeds) {
          var told = authenticateUrl
            ? // A simple cross-origin request (text/plain, no-cors): the stand-in needs no CORS headers.
              fetch(authenticateUrl, {
                method: "POST",
                mode: "no-cors",
                headers: { "Content-Type": "text/plain" },
                body: JSON.stringify({ payment_intent: paymentIntent, succeeds: succeeds }),
              }).catch(function () {})
            : Promise.resolve();
          return told.then(function () {
            return succeeds
              ? { paymentIntent: { id: paymentIntent, object: "payment_intent", status: "requires_capture" } }
              : {
                  error: {
                    type: "card_error",
                    code: "payment_intent_authentication_failure",
                    message: "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
                  },
                };
          });
        });
      },
    };
  };
})();
