// The English messages: the spec's exact wording, ICU MessageFormat (`{name}` a placeholder,
// `<strong>…</strong>` rich text). Ids are grouped by the page or part that shows them. Every
// other language's catalogue has exactly these ids (test/unit/catalogue.test.ts).
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
} as const;

export type MessageId = keyof typeof en;
