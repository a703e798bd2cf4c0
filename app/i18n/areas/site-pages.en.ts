// The terms, the privacy policy, her plan's printable page (/plan), asking for a new link
// (/subscription), and the page after her data is deleted. The English is the spec's, word for word.
export const sitePagesEn = {
  // Shared by the terms and the privacy policy.
  "legal.contactTitle": "Contact us",
  // /terms
  "terms.title": "Terms of Service",
  "terms.lead": "These terms explain how our menopause care service works, how you are billed, and how to cancel.",
  "terms.serviceTitle": "The service",
  "terms.serviceHow":
    "We offer menopause care online. You answer a short questionnaire, choose a treatment and a billing plan, and give your details. A licensed medical team reviews every plan before any medication is prescribed.",
  "terms.servicePrescribed":
    "Treatment is prescribed only if a licensed provider decides it is right for you. After you pay, our team will contact you within 24 hours.",
  "terms.subscriptionTitle": "Subscription terms",
  "terms.plansTitle": "Billing plans",
  "terms.plansIntro": "You choose one billing plan at checkout. Each plan is billed as follows:",
  "terms.planBilled": "<strong>{label}</strong>: billed {cadence}",
  "terms.plansPrices":
    "The checkout page shows the plans currently offered and the price of each, before you pay. All provider visits are included in the price.",
  "terms.preAuthorisationTitle": "Card pre-authorisation",
  "terms.notPrescribed": "If your treatment is not prescribed, you are not charged.",
  "terms.shippingTitle": "Shipping",
  "terms.shipping":
    "Shipping is free. If your treatment is prescribed, your medication is shipped within 3-5 business days. We ship to addresses in the United States and cannot deliver to a PO Box.",
  "terms.cancelTitle": "Canceling",
  "terms.cancelHow":
    "You can cancel at any time. Call us on {phone} or email {email} with your name and the email address you used at checkout.",
  "terms.cancelStops": "Canceling stops future renewals. To stop the next one, cancel at least 72 hours before your next billing date.",
  "terms.contact": "Questions about these terms or your subscription? Call {phone} or email {email}.",
  // /privacy
  "privacy.title": "Privacy Policy",
  "privacy.lead": "This page explains what information we collect, why we need it, who receives it, and how to ask us to see or delete it.",
  "privacy.collectTitle": "What we collect",
  "privacy.collectAnswers": "Your answers to the questionnaire",
  "privacy.collectContact": "Your name, email address and phone number",
  "privacy.collectAddress": "Your shipping address",
  "privacy.collectChoices": "The treatments and billing plan you choose",
  "privacy.collectCampaign": "The campaign details in the link that brought you here, such as a referral code",
  "privacy.card":
    "Your card details are handled by our payment provider. We never store them, apart from the card brand and its last four digits.",
  "privacy.whyTitle": "Why we collect it",
  "privacy.whyPlan": "To prepare your treatment plan",
  "privacy.whyReview": "For the medical review of your plan",
  "privacy.whyShip": "To ship your medication if it is prescribed",
  "privacy.whyBill": "To bill you for your subscription",
  "privacy.recipientsTitle": "Who receives it",
  "privacy.recipientsMedical": "Our provider's licensed medical team, who review your plan",
  "privacy.recipientsPharmacy": "Our provider's pharmacy, which prepares and ships your medication",
  "privacy.recipientsPayments": "Our payment processor, which handles your card",
  "privacy.keepingTitle": "How we keep it",
  "privacy.keeping":
    "Your information is kept on our servers. Your personal details can be read only from the browser session that entered them, or through a secure link. They are never written to our logs.",
  "privacy.cookiesTitle": "Cookies",
  "privacy.cookiesIntro": "We use two cookies, and no advertising cookies:",
  "privacy.cookieSession": "A session cookie that carries only an id, so we can recognise your visit",
  "privacy.cookieNotice": "A short-lived notice cookie that carries a message to the next page you see",
  "privacy.choicesTitle": "Your choices",
  "privacy.choices":
    "You can ask to see the information we hold about you, or ask us to delete it, by contacting us. Some records, such as payment records, may have to be kept where the law requires it.",
  "privacy.healthDataChoices":
    "Your health data, and how to see or delete it with a request by email, has a policy of its own: the {policy}.",
  "privacy.contact": "Call {phone} or email {email}.",
  // /plan/{token}: her plan to share with her own doctor. The email to the doctor stays in English.
  "planPage.title": "Your treatment plan",
  "planPage.lead": "A summary to share with your own doctor. It holds no payment details and none of your answers.",
  "planPage.planHeading": "{plan} plan, {cadence}",
  "planPage.billed": "billed {cadence}",
  "planPage.startingDosageLabel": "Starting dosage",
  "planPage.startingDosage": "Starting dose set by your provider",
  "planPage.priceLabel": "Price",
  "planPage.reviewTitle": "What the provider's review involves",
  "planPage.reviewProvider": "A licensed provider reviews the plan and her health history before anything is prescribed.",
  "planPage.reviewChanges": "The provider may ask questions, change a dose or a medication, or decide a treatment is not right for her.",
  "planPage.reviewNothing":
    "Nothing is shipped or charged unless the provider prescribes it; medication then ships within 3-5 business days.",
  "planPage.questions": "Questions? Call {phone} or email {email}.",
  "planPage.shareTitle": "Share with my doctor",
  "planPage.printOnly": "Print this page with your browser's Print command.",
  "planPage.printOrEmail": "Print this page with your browser's Print command, or email it to your doctor.",
  "planPage.sent": "We have sent this plan to <strong>{to}</strong>.",
  "planPage.sentWithNote": "We have sent this plan to <strong>{to}</strong>, with your note.",
  "planPage.doctorEmailLabel": "Your doctor's email address",
  "planPage.noteLabel": "A note for your doctor (optional)",
  "planPage.noteHint": "Up to 500 characters, without web or email addresses",
  "planPage.submit": "Email it to my doctor",
  "planPage.doctorEmailInvalid": "Enter your doctor's email address, like doctor@example.com",
  "planPage.noteTooLong": "Keep your note under 500 characters",
  "planPage.noteHasLink": "Your note cannot contain a web or email address. Please remove \u201C{found}\u201D and send it again.",
  "planPage.beforeOrder":
    "You can email this plan to your doctor once you have placed your order, from your subscription page. Until then, print it or share this page's address.",
  "planPage.dailyLimit": "We cannot send any more plans to doctors today. Please try again tomorrow, or print this page for your doctor.",
  "planPage.linkInvalid": "This link does not open a plan. Check that you copied the whole link.",
  "planPage.linkEndedAfterOrder":
    "This link to the plan has expired. To share your plan again, open your subscription page from the link in our latest email and choose Share with my doctor. If you cannot find that email, ask for a new link.",
  "planPage.linkEndedBeforeOrder":
    "This link to the plan has expired. To share your plan again, go back to your plan and choose Share with my doctor.",
  "planPage.askNewLink": "Ask for a new link",
  "planPage.backToPlan": "Back to your plan",
  "planPage.nothingChosen": "Nothing is chosen in this plan yet.",
  // /subscription: her lost link.
  "newLink.title": "Your subscription link",
  "newLink.sent":
    "If an order was placed with {email}, we have sent its link there. It can take a few minutes to arrive; please check your spam folder too.",
  "newLink.replaces": "The new link replaces any link we sent before.",
  // Asked for from her own page (/subscription/{token}/new-link), which lands here.
  "newLink.sentFromHerPage":
    "We have sent a new link to the email address you ordered with. It can take a few minutes to arrive; please check your spam folder too. The link you used no longer works.",
  "newLink.lead":
    "Your order has a private page where you can see it and cancel online. Enter the email address you used for your order and we will send you its link.",
  "newLink.emailLabel": "Email address",
  "newLink.submit": "Send my link",
  "newLink.emailInvalid": "Enter the email address you used for your order, like name@example.com",
  // /subscription/deleted: after "Delete my data".
  "dataDeleted.title": "Your data has been deleted",
  "dataDeleted.reference": "Order reference <strong>{reference}</strong>",
  "dataDeleted.text":
    "Your subscription has ended and nothing more will be charged. Your personal details are erased; we keep only the financial records the law asks for and the record of your agreement to the renewal. We have told our medical provider.",
  "dataDeleted.noEmail": "We will not email you about this: we no longer have your address. This page is your confirmation.",
  "dataDeleted.questions": "Questions? Quote your order reference if you still have it. Call {phone} or email {email}.",
  "dataDeleted.home": "Go to the home page",
} as const;
