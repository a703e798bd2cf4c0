// The Consumer Health Data Privacy Policy (/health-data-privacy), its request form, the page its
// emailed link opens (/health-data-privacy/{token}), and that email.
export const healthDataEn = {
  // /health-data-privacy
  "healthData.title": "Consumer Health Data Privacy Policy",
  "healthData.lead":
    "This policy explains in plain words how we handle your consumer health data: what we collect, why, where it comes from, who receives it, how long we keep it, and how to see or delete it. It follows Washington's My Health My Data Act, Nevada's consumer health data law and Connecticut's Data Privacy Act.",
  "healthData.collectTitle": "What we collect",
  "healthData.collectAnswers": "Your answers to the questionnaire, such as your symptoms and your concerns about treatment",
  "healthData.collectTreatments": "The treatments and the billing plan you choose",
  "healthData.collectContact": "Your name, email address and phone number",
  "healthData.collectAddress": "Your shipping address, and your billing address if it is different",
  "healthData.collectConsent": "The record of what you agreed to, such as your plan's automatic renewal",
  "healthData.card":
    "Your card details go straight to our payment processor. We never see or keep your card number: only its brand and last four digits.",
  "healthData.whyTitle": "Why we collect it",
  "healthData.whyReview": "So a licensed provider can review whether a treatment is right for you",
  "healthData.whyShip": "To ship your treatment and bill your plan, if it is prescribed",
  "healthData.whyEmail": "To email you about your order",
  "healthData.sourcesTitle": "Where it comes from",
  "healthData.sourceYou": "From you, on this website",
  "healthData.sourceProvider": "From your provider: their decision about your treatment",
  "healthData.sharedTitle": "Who receives it, and why",
  "healthData.sharedProvider": "Our medical provider and its licensed clinicians, for your medical review and prescription",
  "healthData.sharedPayments": "Our payment processor, to take your payments",
  "healthData.sharedMail": "Our email service, to send you our emails",
  "healthData.neverTitle": "What we never do",
  "healthData.never": "We never sell your health data, and we never use it for advertising. We share it only as this page says.",
  "healthData.keepingTitle": "How long we keep it",
  "healthData.keepVisit": "If you do not place an order, your answers, details and address are erased {days} days after your last visit.",
  "healthData.keepOrder": "If you place an order, we keep it while your subscription runs and afterwards, until you ask us to delete it.",
  "healthData.keepRecords":
    "Payment records and the record of your agreement to the renewal stay as long as the law requires, also after you delete your data. They hold no answers and no contact details.",
  "healthData.keepEmails": "Our copies of the emails we send you are removed {days} days after they are sent.",
  "healthData.keepRequests":
    "We keep a record of each request made on this page and its outcome for {months} months. It holds none of your data, and your email address only in a form that cannot be read back.",
  "healthData.requestTitle": "See or delete your data",
  "healthData.requestLead":
    "Enter your email address. If we hold data for it, we will email you a link that shows all of it and lets you delete it. You do not need an order to ask.",
  "healthData.requestHerPage": "If you have an order, you can also do this from your subscription page, whose link is in our emails.",
  "healthData.emailLabel": "Email address",
  "healthData.submit": "Email me a link",
  "healthData.emailInvalid": "Enter your email address, like name@example.com",
  "healthData.sent":
    "If we hold data for {email}, we have sent a link to it. The link works for {hours} hours. It can take a few minutes to arrive; please check your spam folder too.",
  "healthData.deleted":
    "Your data has been deleted. We keep only the payment records and the record of your agreement to the renewal that the law requires.",
  "healthData.appealTitle": "If we refuse your request",
  "healthData.appeal":
    "If we cannot do what you asked, we tell you why. You can appeal by emailing {email} with the subject “Health data appeal”. We answer within {days} days.",
  "healthData.contact": "Questions about your health data? Call {phone} or email {email}.",
  // /health-data-privacy/{token}
  "healthDataLink.title": "Your health data",
  "healthDataLink.lead": "This is all the data we hold for your email address, as your private page's download shows it.",
  "healthDataLink.order": "Order {reference}",
  "healthDataLink.visit": "A visit without an order",
  "healthDataLink.nothing": "We no longer hold any data for this email address.",
  "healthDataLink.deleteTitle": "Delete your data",
  "healthDataLink.deleteWhat":
    "Deleting erases your answers, contact details and addresses from every visit and order above. A subscription still running ends at once and is not charged again; a card hold not yet charged is released. We keep only the payment records and the record of your agreement to the renewal that the law requires, without your contact details.",
  "healthDataLink.deleteOnce": "This link deletes once, and deleting cannot be undone.",
  "healthDataLink.confirmLabel": "I understand that my data will be deleted and that this cannot be undone",
  "healthDataLink.confirmMissing": "Check the box to confirm that you want your data deleted",
  "healthDataLink.delete": "Delete my data",
  "healthDataLink.busy":
    "A payment on your order is being processed right now, so not everything could be deleted. Please try again in a few minutes.",
  "healthDataLink.invalid": "This link does not open any data. Check that you copied the whole link, or ask for a new one.",
  "healthDataLink.used": "This link has already been used to delete your data. If you need anything else, ask for a new link.",
  "healthDataLink.expired": "This link has expired. Ask for a new one.",
  "healthDataLink.askAgain": "Ask for a new link",
  // The email with the link.
  "healthDataEmail.subject": "Your health data",
  "healthDataEmail.lead":
    "You asked to see or delete the health data we hold for this email address. This link shows it and lets you delete it:",
  "healthDataEmail.link": "See my health data",
  "healthDataEmail.expires": "The link works for {hours} hours.",
  "healthDataEmail.notYou":
    "If you did not ask for this, you can ignore this email: nothing is shown or deleted unless the link is opened.",
} as const;
