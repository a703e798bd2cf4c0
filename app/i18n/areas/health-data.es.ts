// The Consumer Health Data Privacy Policy, its request form, the page its link opens and that
// email, in US Spanish: trato de "usted". Typed by the English ids: a missing or extra id does
// not compile. The policy says exactly what the English says: nothing added, nothing left out.
import type { healthDataEn } from "./health-data.en";

export const healthDataEs: Record<keyof typeof healthDataEn, string> = {
  "healthData.title": "Política de privacidad de datos de salud del consumidor",
  "healthData.lead":
    "Esta política explica con palabras sencillas cómo tratamos sus datos de salud del consumidor: qué recopilamos, por qué, de dónde vienen, quién los recibe, cuánto tiempo los guardamos y cómo verlos o eliminarlos. Sigue la Ley My Health My Data de Washington, la ley de datos de salud del consumidor de Nevada y la Ley de Privacidad de Datos de Connecticut.",
  "healthData.collectTitle": "Qué recopilamos",
  "healthData.collectAnswers": "Sus respuestas al cuestionario, como sus síntomas y sus inquietudes sobre el tratamiento",
  "healthData.collectTreatments": "Los tratamientos y el plan de facturación que elija",
  "healthData.collectContact": "Su nombre, correo electrónico y número de teléfono",
  "healthData.collectAddress": "Su dirección de envío, y su dirección de facturación si es distinta",
  "healthData.collectConsent": "El registro de lo que usted aceptó, como la renovación automática de su plan",
  "healthData.card":
    "Los datos de su tarjeta van directamente a nuestro procesador de pagos. Nunca vemos ni guardamos el número de su tarjeta: solo su marca y sus últimos cuatro dígitos.",
  "healthData.whyTitle": "Por qué los recopilamos",
  "healthData.whyReview": "Para que un profesional de la salud con licencia revise si un tratamiento es adecuado para usted",
  "healthData.whyShip": "Para enviarle su tratamiento y facturar su plan, si se lo recetan",
  "healthData.whyEmail": "Para escribirle por correo electrónico sobre su pedido",
  "healthData.sourcesTitle": "De dónde vienen",
  "healthData.sourceYou": "De usted, en este sitio web",
  "healthData.sourceProvider": "De su profesional de la salud: su decisión sobre su tratamiento",
  "healthData.sharedTitle": "Quién los recibe, y por qué",
  "healthData.sharedProvider": "Nuestro proveedor médico y sus profesionales con licencia, para su revisión médica y su receta",
  "healthData.sharedPayments": "Nuestro procesador de pagos, para cobrar sus pagos",
  "healthData.sharedMail": "Nuestro servicio de correo electrónico, para enviarle nuestros correos",
  "healthData.neverTitle": "Lo que nunca hacemos",
  "healthData.never": "Nunca vendemos sus datos de salud ni los usamos para publicidad. Solo los compartimos como dice esta página.",
  "healthData.keepingTitle": "Cuánto tiempo los guardamos",
  "healthData.keepVisit": "Si no hace un pedido, sus respuestas, datos y dirección se borran {days} días después de su última visita.",
  "healthData.keepOrder": "Si hace un pedido, lo guardamos mientras su suscripción esté activa y después, hasta que nos pida eliminarlo.",
  "healthData.keepRecords":
    "Los registros de pago y el registro de su aceptación de la renovación se guardan el tiempo que exige la ley, también después de que elimine sus datos. No contienen respuestas ni datos de contacto.",
  "healthData.keepEmails": "Nuestras copias de los correos que le enviamos se eliminan {days} días después de enviarlos.",
  "healthData.keepRequests":
    "Guardamos un registro de cada solicitud hecha en esta página y de su resultado durante {months} meses. No contiene ninguno de sus datos, y su correo electrónico solo en una forma que no se puede volver a leer.",
  "healthData.requestTitle": "Ver o eliminar sus datos",
  "healthData.requestLead":
    "Ingrese su correo electrónico. Si tenemos datos asociados a él, le enviaremos un enlace que los muestra todos y le permite eliminarlos. No necesita un pedido para solicitarlo.",
  "healthData.requestHerPage":
    "Si tiene un pedido, también puede hacerlo desde su página de suscripción, cuyo enlace está en nuestros correos.",
  "healthData.emailLabel": "Correo electrónico",
  "healthData.submit": "Enviarme un enlace",
  "healthData.emailInvalid": "Ingrese su correo electrónico, por ejemplo, nombre@example.com",
  "healthData.sent":
    "Si tenemos datos asociados a {email}, le hemos enviado un enlace. El enlace funciona durante {hours} horas. Puede tardar unos minutos en llegar; revise también su carpeta de correo no deseado.",
  "healthData.deleted":
    "Sus datos se han eliminado. Solo guardamos los registros de pago y el registro de su aceptación de la renovación que exige la ley.",
  "healthData.appealTitle": "Si rechazamos su solicitud",
  "healthData.appeal":
    "Si no podemos hacer lo que pidió, le explicamos por qué. Puede apelar escribiendo a {email} con el asunto “Apelación de datos de salud”. Respondemos en un plazo de {days} días.",
  "healthData.contact": "¿Preguntas sobre sus datos de salud? Llame al {phone} o escriba a {email}.",
  "healthDataLink.title": "Sus datos de salud",
  "healthDataLink.lead":
    "Estos son todos los datos que tenemos asociados a su correo electrónico, tal como los muestra la descarga de su página privada.",
  "healthDataLink.order": "Pedido {reference}",
  "healthDataLink.visit": "Una visita sin pedido",
  "healthDataLink.nothing": "Ya no tenemos ningún dato asociado a este correo electrónico.",
  "healthDataLink.deleteTitle": "Eliminar sus datos",
  "healthDataLink.deleteWhat":
    "Al eliminarlos se borran sus respuestas, sus datos de contacto y sus direcciones de cada visita y pedido de arriba. Una suscripción aún activa termina de inmediato y no se vuelve a cobrar; una retención en su tarjeta que aún no se cobró se libera. Solo guardamos los registros de pago y el registro de su aceptación de la renovación que exige la ley, sin sus datos de contacto.",
  "healthDataLink.deleteOnce": "Este enlace elimina una sola vez, y la eliminación no se puede deshacer.",
  "healthDataLink.confirmLabel": "Entiendo que mis datos se eliminarán y que esto no se puede deshacer",
  "healthDataLink.confirmMissing": "Marque la casilla para confirmar que desea eliminar sus datos",
  "healthDataLink.delete": "Eliminar mis datos",
  "healthDataLink.busy":
    "En este momento se está procesando un pago de su pedido, así que no se pudo eliminar todo. Inténtelo de nuevo en unos minutos.",
  "healthDataLink.invalid": "Este enlace no abre ningún dato. Compruebe que copió el enlace completo, o solicite uno nuevo.",
  "healthDataLink.used": "Este enlace ya se usó para eliminar sus datos. Si necesita algo más, solicite un enlace nuevo.",
  "healthDataLink.expired": "Este enlace ha vencido. Solicite uno nuevo.",
  "healthDataLink.askAgain": "Solicitar un enlace nuevo",
  "healthDataEmail.subject": "Sus datos de salud",
  "healthDataEmail.lead":
    "Usted pidió ver o eliminar los datos de salud que tenemos asociados a este correo electrónico. Este enlace los muestra y le permite eliminarlos:",
  "healthDataEmail.link": "Ver mis datos de salud",
  "healthDataEmail.expires": "El enlace funciona durante {hours} horas.",
  "healthDataEmail.notYou":
    "Si usted no lo pidió, puede ignorar este correo: no se muestra ni se elimina nada a menos que se abra el enlace.",
};
