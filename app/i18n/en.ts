// The English messages: the spec's exact wording, ICU MessageFormat (`{name}` a placeholder,
// `<strong>…</strong>` rich text). Ids are grouped by the page or part that shows them. Every
// other language's catalogue has exactly these ids (test/unit/catalogue.test.ts).
import { selectionEn } from "./areas/selection.en";
import { finalCheckoutEn } from "./areas/final-checkout.en";
import { sitePagesEn } from "./areas/site-pages.en";
import { herPageEn } from "./areas/her-page.en";
import { herMoneyEn } from "./areas/her-money.en";
import { emailsEn } from "./areas/emails.en";
import { healthDataEn } from "./areas/health-data.en";

export const en = {
  // Shared by every page.
  "common.skipLink": "Skip to main content",
  "common.errorTitle": "Error: {title}",
  "common.problem": "There is a problem",
  "common.siteName": "Menopause Care",
  "header.secure": "Secure 256 Bit SSL Encryption",
  "footer.freeShipping": "Free, fast shipping on every order",
  "footer.customers": "Millions of satisfied customers",
  "footer.cancelAnytime": "Cancel anytime",
  "footer.help": "Need help? Call {phone} or email {email}",
  "footer.sealAlt": "Verified online pharmacy seal",
  "footer.legalLabel": "Legal",
  "footer.terms": "Terms of Service",
  "footer.privacy": "Privacy Policy",
  "footer.healthData": "Consumer Health Data Privacy Policy",
  "footer.finePrint": "Treatment is prescribed only if a licensed provider decides it is right for you.",
  // Root's error boundary and the 404 page.
  "errorPage.notFoundTitle": "404 Page Not Found",
  "errorPage.problemTitle": "There is a problem",
  "errorPage.failedTitle": "Sorry, something went wrong",
  "errorPage.notFound": "The page you are looking for does not exist.",
  "errorPage.notFoundOrMoved": "The page you are looking for does not exist or has moved.",
  "errorPage.tryAgain": "Please try again in a moment.",
  "errorPage.goBack": "Go back",
  "errorPage.start": "Go to the start",
  // Form messages every step may give.
  "errors.chooseOne": "Select one option to continue",
  // What a rate limit says (the server's alone: a plural).
  "limits.tooManyAttempts": "Too many attempts. Please wait {minutes, plural, one {# minute} other {# minutes}} and try again.",
  // The billing plans' words (app/funnel/plans.ts keeps the same English for the console).
  "plan.monthly.label": "Monthly",
  "plan.monthly.name": "monthly",
  "plan.monthly.period": "/month",
  "plan.monthly.cadence": "every month",
  "plan.quarterly.label": "Quarterly",
  "plan.quarterly.name": "quarterly",
  "plan.quarterly.period": "/quarterly",
  "plan.quarterly.cadence": "every 3 months",
  "plan.6_month.label": "6 Months",
  "plan.6_month.name": "6-month",
  "plan.6_month.period": "/6 months",
  "plan.6_month.cadence": "every 6 months",
  "plan.yearly.label": "Yearly",
  "plan.yearly.name": "yearly",
  "plan.yearly.period": "/year",
  "plan.yearly.cadence": "every 12 months",
  "amount.withCadence": "{amount} {cadence}",
  // The subscription's terms (spec section 9) and the disclosure beside the consent: the
  // checkout, the terms page, her emails and her pages say them alike.
  "subscriptionTerms.renews": "Your subscription renews automatically at the end of each billing period until you cancel it.",
  "subscriptionTerms.cancelBefore": "To stop the next renewal, cancel at least 72 hours before your next billing date.",
  "subscriptionTerms.noRefunds": "Payments are not refunded once charged, unless you are medically disqualified from the treatment.",
  "subscriptionTerms.preAuthorised":
    "Your card is pre-authorised at checkout and charged only if a licensed provider prescribes your treatment.",
  "disclosure.amount": "{amountAndCadence}, renewing automatically until you cancel.",
  "disclosure.hold":
    "We place a hold of {hold} on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.",
  "disclosure.holdPromo":
    "We place a hold of {hold} (your first period, promo code applied) on your card now and charge it only if a provider prescribes your treatment; otherwise the hold is released.",
  "disclosure.cancelOnline": "You can cancel online at any time from the link we email you.",
  "disclosure.lastDayFirst": "Your last day to cancel before the first renewal is {date}.",
  "disclosure.lastDayNext": "Your last day to cancel before the next renewal is {date}.",
  "disclosure.planChange": "{amountAndCadence} from {date}, charged to the card you pay with now, renewing automatically until you cancel.",
  // /welcome
  "welcome.title": "It's not you. It's menopause.",
  "welcome.eyebrow": "HRT relieves symptoms in 90% of women.",
  "welcome.claimsLabel": "Why women choose us",
  "welcome.claimRecommend": "<strong>96%</strong> of women say they would recommend us to a friend",
  "welcome.claimProviders": "<strong>14,000+ providers</strong> licensed and ready to help",
  "welcome.question": "What best describes why you are exploring HRT?",
  "welcome.submit": "Tell me more",
  // The questionnaire's answers, by their codes (app/funnel/questionnaire.ts).
  "motivation.tired_feeling_this_way": "I'm tired of feeling this way",
  "motivation.my_symptoms_are_disrupting_my_life": "My symptoms are disrupting my life",
  "motivation.nothing_else_has_helped": "Nothing else has helped",
  "motivation.im_ready_to_take_control": "I'm ready to take control",
  // /congratulations
  "congratulations.title": "Congrats, you're eligible!",
  "congratulations.heading": "CONGRATS YOU'RE ELIGIBLE!",
  "congratulations.lead": "Here is what happens next:",
  "congratulations.stepBuildPlan": "Build your plan: choose your treatment and billing plan",
  "congratulations.stepDetails": "Share your details so we can prepare your plan",
  "congratulations.stepReview": "A licensed provider reviews your plan",
  "congratulations.stepShipping": "If prescribed, your medication ships free",
  "congratulations.stepCare": "Ongoing care and check-ins, cancel anytime",
  "congratulations.submit": "Build My Plan",
  // The trust badges (congratulations, social proof, the selection page).
  "trustBadges.featuredIn": "As featured in",
  "trustBadges.secure": "Secure 256 Bit SSL Encryption",
  // /payment-complete/{uuid}: drawn in the browser too (a navigation from the final checkout).
  "paymentComplete.title": "Payment Successful!",
  "paymentComplete.toAppointment": "Payment successful! Redirecting you to the appointment booking page...",
  "paymentComplete.toActivation": "Payment successful! Redirecting you to activate your account...",
  "paymentComplete.toLogin": "Payment successful! Redirecting you to sign in...",
  "paymentComplete.toOther": "Payment successful! Redirecting you...",
  "paymentComplete.reference": "Your order reference is <strong>{reference}</strong>",
  "paymentComplete.emailedTo":
    "We have emailed your order details to <strong>{email}</strong>, with a private link where you can see your order or cancel online at any time.",
  "paymentComplete.card": "{brand} ending {last4}",
  "paymentComplete.cardAnyBrand": "Card",
  "paymentComplete.preAuthorised": "Your card ({card}) has been pre-authorised. You are charged only if your treatment is prescribed.",
  "paymentComplete.continue": "Continue now",
  // /thank-you
  "thankYou.title": "Payment Completed Successfully!",
  "thankYou.emailSent": "We have sent a confirmation email with the details of your order.",
  "thankYou.contactSoon": "Our team will contact you within 24 hours",
  "thankYou.journey": "Your weight loss journey starts here, and we are with you every step of the way.",
  "thankYou.nextSteps": "Next steps",
  "thankYou.emailTitle": "Confirmation email",
  "thankYou.emailText":
    "Check your inbox for your order confirmation. It has a private link where you can see your order or cancel online at any time.",
  "thankYou.consultationTitle": "Medical consultation",
  "thankYou.consultationText": "A licensed provider reviews your plan and may contact you with questions.",
  "thankYou.shippedTitle": "Medication shipped",
  "thankYou.shippedText": "If prescribed, your medication is shipped within 3-5 business days.",
  "thankYou.questions": "Questions?",
  "thankYou.support": "Call {phone} or email {email}",
  "thankYou.home": "Return to Homepage",
  // /concerns/{uuid}
  "concerns.title": "What worries you most about HRT?",
  "concerns.eyebrow": "Step 2 of 3",
  "concerns.reassurance": "You are not alone: these are the questions our providers hear most, and they will answer yours.",
  "concerns.submit": "Show me how this could work",
  // The concerns' answers, by their codes (app/funnel/questionnaire.ts).
  "concern.ive_heard_its_not_safe": "I've heard it's not safe",
  "concern.i_dont_trust_it_will_help": "I don't trust it will help",
  "concern.ive_had_bad_care_before": "I've had bad care before",
  "concern.im_unsure_about_doing_this_online": "I'm unsure about doing this online",
  "concern.i_dont_want_to_rely_on_hormones": "I don't want to rely on hormones",
  "concern.im_worried_about_the_cost": "I'm worried about the cost",
  // /social-proof/{uuid}
  "socialProof.title": "Find out if HRT is right for you",
  "socialProof.eyebrow": "Step 3 of 3",
  "socialProof.headline": "HRT relieves symptoms in 90% of women.",
  "socialProof.benefitTreatments": "FDA-approved bioidentical treatments",
  "socialProof.benefitVisits": "All provider visits included in the price",
  "socialProof.benefitCare": "Fast, flexible care, cancel anytime",
  "socialProof.priceClaim": "Care from as little as {price}/month",
  "socialProof.emailLabel": "Your email address",
  "socialProof.emailHint": "We will send your results and next steps here.",
  "socialProof.emailRequired": "Enter your email address",
  "socialProof.emailTooLong": "Email address must be 254 characters or fewer",
  "socialProof.submit": "Find Out if HRT is Right for Me",
  "socialProof.howItWorks": "How it Works",
  "socialProof.stepAboutYouTitle": "Tell us about you",
  "socialProof.stepAboutYouText": "Answer a few questions about your symptoms and health.",
  "socialProof.stepPlanTitle": "Build your plan",
  "socialProof.stepPlanText": "Choose the treatment and billing plan that suit you.",
  "socialProof.stepReviewTitle": "Licensed review",
  "socialProof.stepReviewText": "A licensed provider reviews your plan, usually within 24 hours.",
  "socialProof.stepDeliveredTitle": "Delivered to your door",
  "socialProof.stepDeliveredText": "If prescribed, your medication ships free in 3-5 business days.",
  "socialProof.testimonialsTitle": "Why 96% of our members would recommend us",
  "socialProof.rating": "Rated {rating} out of 5",
  "socialProof.quoteKaren": "Within weeks the hot flashes eased and I finally slept through the night.",
  "socialProof.quoteDenise": "I felt heard for the first time. My provider explained every option.",
  "socialProof.quoteLisa": "My mood is steadier and I have my energy back. I wish I had started sooner.",
  "socialProof.quoteAngela": "Simple, private and fast. My medication arrived in four days.",
  "socialProof.pauseQuotes": "Pause the quotes",
  // The larger areas, each in its own pair of files (app/i18n/areas/).
  ...selectionEn,
  ...finalCheckoutEn,
  ...sitePagesEn,
  ...herPageEn,
  ...herMoneyEn,
  ...emailsEn,
  ...healthDataEn,
} as const;

export type MessageId = keyof typeof en;
