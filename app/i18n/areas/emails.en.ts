// Her emails (app/funnel/emails.ts), written in the language she ordered in, and the words of a
// plan change her plan page shares with them. The server's alone (plurals, selects): never
// sent to the browser. The English is the spec's, word for word.
export const emailsEn = {
  // What every email of hers carries.
  "email.greeting": "Hi {name},",
  "email.help": "Questions? Call {phone} or email {email}.",
  "email.pageHeading": "Your subscription page",
  "email.pageLead": "See your order, its payments and its next billing date, or cancel online at any time, from your private page:",
  "email.pageLink": "Open your subscription page",
  "email.pageKey":
    "This link is your private key to your order: anyone who has it can see and cancel it, so please do not forward this email. You can ask for a new link at any time; the old one then stops working.",
  "email.receiptLink": "View and print your receipt",
  // Her order's facts.
  "email.factReference": "Order reference",
  "email.factPlan": "Plan",
  "email.factMedications": "Medications",
  "email.noMedications": "None",
  "email.factPrice": "Price",
  "email.factFirstPeriod": "First period",
  "email.firstPeriodPromo": "{amount} (promo code applied)",
  // Sentences several emails share.
  "email.nextBilling": "Your next billing date is {date}: {amount} for the following {months, plural, one {month} other {# months}}.",
  "email.cancelRule": "To stop a renewal, cancel online at least 72 hours before the billing date. {noRefunds}",
  "email.refundTiming": "Depending on your bank, a refund reaches your account within 5 to 10 business days.",
  "email.releaseTiming": "Depending on your bank, a released hold leaves your statement within 5 to 10 business days.",
  "email.holdReleased": "Nothing was charged: we released the {amount} hold on your card. {releaseTiming}",
  "email.holdAlreadyEnded": "Nothing was charged: the hold on your card had already ended.",
  "email.payWithAnother": "Pay with another card",
  "email.ships": "Your medication ships within 3-5 business days.",
  "email.notYouCall": "If you did not make this change, please call {phone} or email {email}.",
  // order_received
  "email.orderReceivedSubject": "We've received your order {reference}",
  "email.orderReceived": "Thank you for your order. A licensed provider will review your plan; our team will contact you within 24 hours.",
  "email.holdHeading": "A hold, not a charge",
  "email.hold":
    "We have placed a hold of {amount} on your card. {preAuthorised} If your treatment is not prescribed, the hold is released and nothing is charged.",
  "email.termsHeading": "Renewal and cancellation",
  "email.oncePrescribed": "Once prescribed, your plan costs {price}.",
  "email.cancelAnyTime": "You can cancel online at any time from your subscription page.",
  // approved
  "email.approvedSubject": "Your treatment was prescribed: receipt for {reference}",
  "email.approved":
    "A licensed provider has reviewed and prescribed your plan. We charged {amount} to your card for your first {months, plural, one {month} other {# months}}.",
  // declined
  "email.declinedSubject": "Your order {reference} was not prescribed",
  "email.declined": "After reviewing your plan, the medical team did not prescribe this treatment.",
  "email.declinedClosed":
    "This order is closed and nothing more will be charged. You are welcome to talk to your own doctor about other options.",
  // hold_expired
  "email.holdExpiredSubject": "The hold on your card for {reference} has ended",
  "email.holdExpired":
    "The review of your plan is taking longer than a card hold lasts, so the hold on your card has ended. Nothing was charged.",
  "email.holdExpiredCharge":
    "If a provider prescribes your treatment, we will charge {amount} to the card you gave. To use another card instead, give it on this page:",
  "email.useAnotherCard": "Use another card",
  // payment_needed
  "email.paymentNeededSubject": "Payment needed for your order {reference}",
  "email.paymentNeeded": "A licensed provider has prescribed your treatment, but we could not charge {amount} to your card.",
  "email.paymentNeededBecause":
    "A licensed provider has prescribed your treatment, but we could not charge {amount} to your card: {failure}",
  "email.paymentNeededPay": "To receive your medication, pay with another card on this page:",
  // renewal_reminder
  "email.reminderSubject": "Your {plan} plan renews on {date}",
  "email.reminder":
    "Your subscription renews automatically on {date}. On that day we will charge {amount} to your card for the next {months, plural, one {month} other {# months}}.",
  "email.reminderCancel": "To stop this renewal, cancel online before {date} (at least 72 hours before the billing date). {noRefunds}",
  // annual_notice
  "email.annualNoticeSubject": "Your {plan} plan: a yearly reminder of its terms",
  "email.annualNotice":
    "Once a year we remind you of what your subscription is and how to stop it. It renews automatically until you cancel, and each renewal is charged to your card.",
  // renewal_charged
  "email.renewalChargedSubject": "Receipt: your renewal of {reference}",
  "email.renewalCharged": "We charged {amount} to your card for the next {months, plural, one {month} other {# months}} of your plan.",
  "email.renewalChargedChange": "As you asked, your plan now changes to {plan}: from {date} it costs {price}.",
  "email.lastPayment": "This was the last payment of your subscription, which you canceled: nothing more will be charged.",
  // renewal_failed
  "email.renewalFailedSubject": "We could not charge your renewal of {reference}",
  "email.renewalFailed": "We could not charge {amount} to your card for your renewal.",
  "email.renewalFailedBecause": "We could not charge {amount} to your card for your renewal: {failure}",
  "email.renewalFailedEnds": "You had canceled this subscription, so we will not try again: it has ended and nothing more will be charged.",
  "email.retryThenPayNow": "We will try your card again on {date}. To keep your treatment without a break, pay now with another card:",
  "email.payNow": "To keep your treatment without a break, pay now with another card:",
  // lapsed
  "email.lapsedSubject": "Your subscription {reference} has ended",
  "email.lapsed": "We tried your card on each retry day and could not charge your renewal, so your subscription has ended.",
  "email.lapsedRestart": "Nothing more will be charged. To start again, call {phone} or email {email}.",
  // canceled
  "email.canceledSubject": "Your subscription {reference} is canceled",
  "email.canceledBeforeReview":
    "You canceled your order before it was reviewed. We released the {amount} hold on your card; nothing was charged. {releaseTiming}",
  "email.canceledBeforeReviewHoldEnded":
    "You canceled your order before it was reviewed. The hold on your card had already ended; nothing was charged.",
  "email.canceledLastRenewal":
    "Your subscription is canceled. You canceled less than 72 hours before your next billing date, so, as the terms say, the renewal on {date} of {amount} is still billed. After that, nothing more will be charged.",
  "email.canceled": "Your subscription is canceled. No further renewal will be billed: nothing more will be charged.",
  // refunded
  "email.refundedSubject": "Your refund for order {reference}",
  "email.refunded":
    "We have refunded {amount}{payment, select, first { of your first payment} renewal { of your renewal payment} other {}} to {cardKnown, select, yes {your {card}} other {the card you paid with}}.",
  "email.refundMade":
    "We have made a refund{payment, select, first { of your first payment} renewal { of your renewal payment} other {}} to {cardKnown, select, yes {your {card}} other {the card you paid with}}.",
  "email.refundNothingToDo": "{refundTiming} You do not need to do anything.",
  // disqualified
  "email.disqualifiedSubject": "Your treatment plan {reference} has ended",
  "email.disqualified":
    "After reviewing your health information, a licensed provider has found that this treatment is not right for you at this time, so we have ended your subscription. We are sorry this is not the news you hoped for.",
  "email.disqualifiedRefund":
    "As our terms promise, we are refunding your most recent payment in full: {amount} to {cardKnown, select, yes {your {card}} other {the card you paid with}}. {refundTiming}",
  "email.disqualifiedEnd":
    "Nothing more will be charged and no more medication will be sent. Please talk to your own doctor about other options that may suit you.",
  // address_changed
  "email.addressChangedSubject": "Your shipping address for {reference} is changed",
  "email.addressChanged":
    "You changed the shipping address of your order. From your next shipment on, we will send your medication to your new address.",
  "email.addressChangedTo":
    "You changed the shipping address of your order. From your next shipment on, we will send your medication to your new address in {place}.",
  "email.shipmentOnItsWay": "A shipment already on its way still goes to the address it was sent to.",
  "email.addressUndo":
    "To undo it, change your address again from your subscription page. If you did not make this change, please call {phone} or email {email}.",
  // card_updated
  "email.cardUpdatedSubject": "Your card for {reference} is updated",
  "email.cardUpdated": "Your card for future payments is now {card}.",
  "email.cardYouGave": "the card you gave",
  "email.cardUndo":
    "To undo it, update your card again from your subscription page. If you did not make this change, please call {phone} or email {email} at once.",
  // plan_changed
  "email.planSubject": "Your plan for {reference}",
  "email.planChangedUnknown": "Your plan was changed. Your subscription page shows it as it is now.",
  "email.planKeptSubject": "Your plan for {reference} stays {plan}",
  "email.planChangesSubject": "Your plan for {reference} changes to {plan} on {date}",
  "email.asYouAsked": "As you asked: {summary}",
  // your_link
  "email.yourLinkSubject": "Your link to order {reference}",
  "email.yourLink": "You asked for the link to your order. Here it is; it replaces any link we sent you before.",
  // billing_date_moved, period_skipped, shipped_sooner. The two "your ... billing date" stand
  // where a date goes when the message had none.
  "email.yourNextBillingDate": "your next billing date",
  "email.yourEarlierBillingDate": "your earlier billing date",
  "email.moveBack": "Changed your mind? You can move it back to {from} from your subscription page, up to 72 hours before that date.",
  "email.chargeOn":
    "On {to} we will charge {amount} for your next {months, plural, one {month} other {# months}}, and your billing dates then count on from that day.",
  "email.shippedSoonerSubject": "Receipt: your next period of {reference} ships sooner",
  "email.shippedSooner":
    "As you asked, we charged {amount} to your card today for your next {months, plural, one {month} other {# months}}, instead of on {from}. Your medication ships within 3-5 business days.",
  "email.datesFromToday": "Your billing dates now count from today: your next billing date is {to}.",
  "email.paymentStays":
    "A payment made cannot be moved back from your subscription page. If you did not mean to ship sooner, please call {phone} or email {email}.",
  "email.skippedSubject": "Your next period of {reference} is skipped",
  "email.skipped":
    "As you asked, we skipped your next period: nothing is charged or shipped on {from}. Your next billing date is now {to}.",
  "email.movedBackSubject": "Your next billing date for {reference} is back to {to}",
  "email.movedBack": "As you asked, we moved your next billing date back from {from} to {to}.",
  "email.movedSubject": "Your next billing date for {reference} is now {to}",
  "email.moved": "As you asked, we moved your next billing date from {from} to {to}.",
  // A plan change (planChangeWords): her plan page before she confirms, and her email after.
  "planChange.switched":
    "Your plan changes from {from} to {to} on your next billing date, {starts}. From then on it costs {price}. The period you have already paid for does not change.",
  "planChange.waiting":
    "Your next billing date, {fixedAt}, is less than 72 hours away, so, as the terms say, that renewal is fixed: {fixedAmount} for one more {months, plural, one {month} other {# months}} of your {from} plan. Your plan then changes to {to} on {starts}, and from then on it costs {price}.",
  "planChange.theOneComing": "the one coming",
  "planChange.currentPrice": "your current price",
  "planChange.kept":
    "You are keeping your {to} plan: the change to {from} that was waiting is canceled. Your plan costs {price}, and your next billing date is {starts}.",
  "planChange.undo":
    "Changed your mind? Choose your {from} plan again from your subscription page before {date} (72 hours before {starts}).",
  "planChange.keptUndo": "You can change your plan again from your subscription page.",
} as const;
