// The terms, the privacy policy, her plan's printable page (/plan), asking for a new link
// (/subscription), and the page after her data is deleted.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
// The terms and the privacy policy say exactly what the English says: nothing added, nothing left out.
import type { sitePagesEn } from "./site-pages.en";

export const sitePagesEs: Record<keyof typeof sitePagesEn, string> = {
  "legal.contactTitle": "Contáctenos",
  "terms.title": "Términos del servicio",
  "terms.lead":
    "Estos términos explican cómo funciona nuestro servicio de atención para la menopausia, cómo se le factura y cómo cancelar.",
  "terms.serviceTitle": "El servicio",
  "terms.serviceHow":
    "Ofrecemos atención para la menopausia en línea. Usted responde un breve cuestionario, elige un tratamiento y un plan de facturación, y proporciona sus datos. Un equipo médico autorizado revisa cada plan antes de recetar cualquier medicamento.",
  "terms.servicePrescribed":
    "El tratamiento solo se receta si un proveedor médico autorizado decide que es adecuado para usted. Después de que usted pague, nuestro equipo se comunicará con usted en un plazo de 24 horas.",
  "terms.subscriptionTitle": "Términos de la suscripción",
  "terms.plansTitle": "Planes de facturación",
  "terms.plansIntro": "Usted elige un plan de facturación al finalizar la compra. Cada plan se factura de la siguiente manera:",
  "terms.planBilled": "<strong>{label}</strong>: se factura {cadence}",
  "terms.plansPrices":
    "La página de pago muestra los planes que se ofrecen actualmente y el precio de cada uno, antes de que usted pague. Todas las consultas con el proveedor médico están incluidas en el precio.",
  "terms.preAuthorisationTitle": "Preautorización de la tarjeta",
  "terms.notPrescribed": "Si no se le receta el tratamiento, no se le cobra.",
  "terms.shippingTitle": "Envío",
  "terms.shipping":
    "El envío es gratuito. Si se le receta el tratamiento, su medicamento se envía en un plazo de 3 a 5 días hábiles. Enviamos a direcciones en los Estados Unidos y no podemos hacer entregas a un apartado postal (PO Box).",
  "terms.cancelTitle": "Cancelación",
  "terms.cancelHow":
    "Puede cancelar en cualquier momento. Llámenos al {phone} o escríbanos a {email} con su nombre y el correo electrónico que usó al finalizar la compra.",
  "terms.cancelStops":
    "La cancelación detiene las renovaciones futuras. Para detener la próxima, cancele al menos 72 horas antes de su próxima fecha de facturación.",
  "terms.contact": "¿Tiene preguntas sobre estos términos o sobre su suscripción? Llame al {phone} o escriba a {email}.",
  "privacy.title": "Política de privacidad",
  "privacy.lead":
    "Esta página explica qué información recopilamos, por qué la necesitamos, quién la recibe y cómo pedirnos verla o eliminarla.",
  "privacy.collectTitle": "Qué recopilamos",
  "privacy.collectAnswers": "Sus respuestas al cuestionario",
  "privacy.collectContact": "Su nombre, correo electrónico y número de teléfono",
  "privacy.collectAddress": "Su dirección de envío",
  "privacy.collectChoices": "Los tratamientos y el plan de facturación que elija",
  "privacy.collectCampaign": "Los datos de la campaña en el enlace que la trajo aquí, como un código de referido",
  "privacy.card":
    "Nuestro proveedor de pagos maneja los datos de su tarjeta. Nunca los guardamos, salvo la marca de la tarjeta y sus últimos cuatro dígitos.",
  "privacy.whyTitle": "Por qué la recopilamos",
  "privacy.whyPlan": "Para preparar su plan de tratamiento",
  "privacy.whyReview": "Para la revisión médica de su plan",
  "privacy.whyShip": "Para enviarle su medicamento si se lo recetan",
  "privacy.whyBill": "Para facturarle su suscripción",
  "privacy.recipientsTitle": "Quién la recibe",
  "privacy.recipientsMedical": "El equipo médico autorizado de nuestro proveedor, que revisa su plan",
  "privacy.recipientsPharmacy": "La farmacia de nuestro proveedor, que prepara y envía su medicamento",
  "privacy.recipientsPayments": "Nuestro procesador de pagos, que maneja su tarjeta",
  "privacy.keepingTitle": "Cómo la guardamos",
  "privacy.keeping":
    "Su información se guarda en nuestros servidores. Sus datos personales solo pueden leerse desde la sesión del navegador en la que se ingresaron, o mediante un enlace seguro. Nunca se escriben en nuestros registros.",
  "privacy.cookiesTitle": "Cookies",
  "privacy.cookiesIntro": "Usamos dos cookies, y ninguna cookie publicitaria:",
  "privacy.cookieSession": "Una cookie de sesión que solo contiene un identificador, para que podamos reconocer su visita",
  "privacy.cookieNotice": "Una cookie de aviso de corta duración que lleva un mensaje a la siguiente página que usted vea",
  "privacy.choicesTitle": "Sus opciones",
  "privacy.choices":
    "Puede pedir ver la información que tenemos sobre usted, o pedirnos que la eliminemos, comunicándose con nosotros. Es posible que algunos registros, como los registros de pago, deban conservarse cuando la ley lo exija.",
  "privacy.healthDataChoices":
    "Sus datos de salud, y cómo verlos o eliminarlos con una solicitud por correo electrónico, tienen su propia política: la {policy}.",
  "privacy.contact": "Llame al {phone} o escriba a {email}.",
  "planPage.title": "Su plan de tratamiento",
  "planPage.lead": "Un resumen para compartir con su propio médico. No contiene datos de pago ni ninguna de sus respuestas.",
  "planPage.planHeading": "Plan {plan}, {cadence}",
  "planPage.billed": "facturado {cadence}",
  "planPage.startingDosageLabel": "Dosis inicial",
  "planPage.startingDosage": "Dosis inicial determinada por su proveedor médico",
  "planPage.priceLabel": "Precio",
  "planPage.reviewTitle": "En qué consiste la revisión del proveedor médico",
  "planPage.reviewProvider":
    "Un proveedor médico autorizado revisa el plan y el historial médico de la paciente antes de recetar cualquier medicamento.",
  "planPage.reviewChanges":
    "El proveedor médico puede hacer preguntas, cambiar una dosis o un medicamento, o decidir que un tratamiento no es adecuado para ella.",
  "planPage.reviewNothing":
    "No se envía ni se cobra nada a menos que el proveedor médico lo recete; en ese caso, el medicamento se envía en un plazo de 3 a 5 días hábiles.",
  "planPage.questions": "¿Tiene preguntas? Llame al {phone} o escriba a {email}.",
  "planPage.shareTitle": "Compartir con mi médico",
  "planPage.printOnly": "Imprima esta página con el comando Imprimir de su navegador.",
  "planPage.printOrEmail": "Imprima esta página con el comando Imprimir de su navegador, o envíela por correo electrónico a su médico.",
  "planPage.sent": "Enviamos este plan a <strong>{to}</strong>.",
  "planPage.sentWithNote": "Enviamos este plan a <strong>{to}</strong>, con su nota.",
  "planPage.doctorEmailLabel": "Correo electrónico de su médico",
  "planPage.noteLabel": "Una nota para su médico (opcional)",
  "planPage.noteHint": "Hasta 500 caracteres, sin direcciones web ni de correo electrónico",
  "planPage.submit": "Enviarlo por correo electrónico a mi médico",
  "planPage.doctorEmailInvalid": "Ingrese el correo electrónico de su médico, por ejemplo, doctor@example.com",
  "planPage.noteTooLong": "Su nota debe tener menos de 500 caracteres",
  "planPage.noteHasLink":
    "Su nota no puede contener una dirección web ni de correo electrónico. Quite \u201C{found}\u201D y vuelva a enviarla.",
  "planPage.beforeOrder":
    "Podrá enviar este plan por correo electrónico a su médico una vez que haya hecho su pedido, desde la página de su suscripción. Mientras tanto, imprímalo o comparta la dirección de esta página.",
  "planPage.dailyLimit": "Hoy no podemos enviar más planes a médicos. Vuelva a intentarlo mañana o imprima esta página para su médico.",
  "planPage.linkInvalid": "Este enlace no abre ningún plan. Verifique que copió el enlace completo.",
  "planPage.linkEndedAfterOrder":
    "Este enlace al plan ha vencido. Para volver a compartir su plan, abra la página de su suscripción desde el enlace de nuestro correo electrónico más reciente y elija Compartir con mi médico. Si no encuentra ese correo electrónico, pida un enlace nuevo.",
  "planPage.linkEndedBeforeOrder":
    "Este enlace al plan ha vencido. Para volver a compartir su plan, regrese a su plan y elija Compartir con mi médico.",
  "planPage.askNewLink": "Pedir un enlace nuevo",
  "planPage.backToPlan": "Volver a su plan",
  "planPage.nothingChosen": "Todavía no se ha elegido nada en este plan.",
  "newLink.title": "El enlace de su suscripción",
  "newLink.sent":
    "Si se hizo un pedido con {email}, le enviamos allí su enlace. Puede tardar unos minutos en llegar; revise también su carpeta de correo no deseado.",
  "newLink.replaces": "El enlace nuevo reemplaza cualquier enlace que le hayamos enviado antes.",
  "newLink.sentFromHerPage":
    "Le enviamos un enlace nuevo al correo electrónico que usó para su pedido. Puede tardar unos minutos en llegar; revise también su carpeta de correo no deseado. El enlace que usó ya no funciona.",
  "newLink.lead":
    "Su pedido tiene una página privada donde puede verlo y cancelarlo en línea. Ingrese el correo electrónico que usó para su pedido y le enviaremos su enlace.",
  "newLink.emailLabel": "Correo electrónico",
  "newLink.submit": "Enviar mi enlace",
  "newLink.emailInvalid": "Ingrese el correo electrónico que usó para su pedido, por ejemplo, nombre@example.com",
  "dataDeleted.title": "Sus datos se han eliminado",
  "dataDeleted.reference": "Referencia del pedido <strong>{reference}</strong>",
  "dataDeleted.text":
    "Su suscripción ha terminado y no se le cobrará nada más. Sus datos personales se han borrado; solo conservamos los registros financieros que exige la ley y el registro de su aceptación de la renovación. Ya se lo informamos a nuestro proveedor médico.",
  "dataDeleted.noEmail": "No le enviaremos un correo electrónico sobre esto: ya no tenemos su dirección. Esta página es su confirmación.",
  "dataDeleted.questions":
    "¿Tiene preguntas? Mencione la referencia de su pedido si todavía la tiene. Llame al {phone} o escriba a {email}.",
  "dataDeleted.home": "Ir a la página de inicio",
};
