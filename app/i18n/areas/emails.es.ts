// Her emails, in US Spanish: trato de "usted". Typed by the English ids: a missing or extra id
// does not compile. A date goes after "el", "del" or "al" ("el 24 de noviembre de 2026"), so the
// two words that stand in for a missing date ("día de su próxima facturación") read after them too.
import type { emailsEn } from "./emails.en";

export const emailsEs: Record<keyof typeof emailsEn, string> = {
  "email.greeting": "Hola, {name}:",
  "email.help": "¿Preguntas? Llame al {phone} o escriba a {email}.",
  "email.pageHeading": "Su página de suscripción",
  "email.pageLead":
    "Desde su página privada puede ver su pedido, sus pagos y su próxima fecha de facturación, o cancelar en línea en cualquier momento:",
  "email.pageLink": "Abrir su página de suscripción",
  "email.pageKey":
    "Este enlace es la llave privada de su pedido: cualquier persona que lo tenga puede verlo y cancelarlo, así que no reenvíe este correo electrónico. Puede pedir un enlace nuevo en cualquier momento; el anterior deja de funcionar.",
  "email.receiptLink": "Ver e imprimir su recibo",
  "email.factReference": "Referencia del pedido",
  "email.factPlan": "Plan",
  "email.factMedications": "Medicamentos",
  "email.noMedications": "Ninguno",
  "email.factPrice": "Precio",
  "email.factFirstPeriod": "Primer período",
  "email.firstPeriodPromo": "{amount} (con el código promocional aplicado)",
  "email.nextBilling":
    "Su próxima fecha de facturación es el {date}: {amount} por {months, plural, one {el mes siguiente} other {los # meses siguientes}}.",
  "email.cancelRule": "Para detener una renovación, cancele en línea al menos 72 horas antes de la fecha de facturación. {noRefunds}",
  "email.refundTiming": "Según su banco, un reembolso llega a su cuenta en un plazo de 5 a 10 días hábiles.",
  "email.releaseTiming": "Según su banco, una retención liberada desaparece de su estado de cuenta en un plazo de 5 a 10 días hábiles.",
  "email.holdReleased": "No se cobró nada: liberamos la retención de {amount} en su tarjeta. {releaseTiming}",
  "email.holdAlreadyEnded": "No se cobró nada: la retención en su tarjeta ya había terminado.",
  "email.payWithAnother": "Pagar con otra tarjeta",
  "email.ships": "Su medicamento se envía en un plazo de 3 a 5 días hábiles.",
  "email.notYouCall": "Si usted no hizo este cambio, llame al {phone} o escriba a {email}.",
  "email.orderReceivedSubject": "Recibimos su pedido {reference}",
  "email.orderReceived":
    "Gracias por su pedido. Un proveedor médico autorizado revisará su plan; nuestro equipo se comunicará con usted en un plazo de 24 horas.",
  "email.holdHeading": "Una retención, no un cargo",
  "email.hold":
    "Hicimos una retención de {amount} en su tarjeta. {preAuthorised} Si no se le receta el tratamiento, la retención se libera y no se cobra nada.",
  "email.termsHeading": "Renovación y cancelación",
  "email.oncePrescribed": "Una vez recetado el tratamiento, su plan cuesta {price}.",
  "email.cancelAnyTime": "Puede cancelar en línea en cualquier momento desde su página de suscripción.",
  "email.approvedSubject": "Se le recetó su tratamiento: recibo de {reference}",
  "email.approved":
    "Un proveedor médico autorizado revisó y recetó su plan. Cobramos {amount} a su tarjeta por {months, plural, one {su primer mes} other {sus primeros # meses}}.",
  "email.declinedSubject": "No se recetó el tratamiento de su pedido {reference}",
  "email.declined": "Después de revisar su plan, el equipo médico no recetó este tratamiento.",
  "email.declinedClosed": "Este pedido está cerrado y no se cobrará nada más. Puede hablar con su propio médico sobre otras opciones.",
  "email.holdExpiredSubject": "Terminó la retención en su tarjeta para {reference}",
  "email.holdExpired":
    "La revisión de su plan está tardando más de lo que dura una retención en la tarjeta, así que la retención en su tarjeta terminó. No se cobró nada.",
  "email.holdExpiredCharge":
    "Si un proveedor le receta el tratamiento, cobraremos {amount} a la tarjeta que nos dio. Si prefiere usar otra tarjeta, ingrésela en esta página:",
  "email.useAnotherCard": "Usar otra tarjeta",
  "email.paymentNeededSubject": "Se necesita un pago para su pedido {reference}",
  "email.paymentNeeded": "Un proveedor médico autorizado le recetó el tratamiento, pero no pudimos cobrar {amount} a su tarjeta.",
  "email.paymentNeededBecause":
    "Un proveedor médico autorizado le recetó el tratamiento, pero no pudimos cobrar {amount} a su tarjeta. Motivo indicado: {failure}",
  "email.paymentNeededPay": "Para recibir su medicamento, pague con otra tarjeta en esta página:",
  "email.reminderSubject": "Su plan {plan} se renueva el {date}",
  "email.reminder":
    "Su suscripción se renueva automáticamente el {date}. Ese día cobraremos {amount} a su tarjeta por {months, plural, one {el próximo mes} other {los próximos # meses}}.",
  "email.reminderCancel":
    "Para detener esta renovación, cancele en línea antes del {date} (al menos 72 horas antes de la fecha de facturación). {noRefunds}",
  "email.annualNoticeSubject": "Su plan {plan}: el recordatorio anual de sus términos",
  "email.annualNotice":
    "Una vez al año le recordamos en qué consiste su suscripción y cómo detenerla. Se renueva automáticamente hasta que la cancele, y cada renovación se cobra a su tarjeta.",
  "email.renewalChargedSubject": "Recibo: la renovación de {reference}",
  "email.renewalCharged":
    "Cobramos {amount} a su tarjeta por {months, plural, one {el próximo mes} other {los próximos # meses}} de su plan.",
  "email.renewalChargedChange": "Como lo solicitó, su plan ahora cambia a {plan}: a partir del {date} cuesta {price}.",
  "email.lastPayment": "Este fue el último pago de su suscripción, que usted canceló: no se cobrará nada más.",
  "email.renewalFailedSubject": "No pudimos cobrar la renovación de {reference}",
  "email.renewalFailed": "No pudimos cobrar {amount} a su tarjeta por su renovación.",
  "email.renewalFailedBecause": "No pudimos cobrar {amount} a su tarjeta por su renovación. Motivo indicado: {failure}",
  "email.renewalFailedEnds":
    "Usted había cancelado esta suscripción, así que no volveremos a intentarlo: la suscripción terminó y no se cobrará nada más.",
  "email.retryThenPayNow":
    "Volveremos a intentar el cobro en su tarjeta el {date}. Para continuar su tratamiento sin interrupciones, pague ahora con otra tarjeta:",
  "email.payNow": "Para continuar su tratamiento sin interrupciones, pague ahora con otra tarjeta:",
  "email.lapsedSubject": "Su suscripción {reference} terminó",
  "email.lapsed":
    "Intentamos cobrar a su tarjeta en cada día de reintento y no pudimos cobrar su renovación, así que su suscripción terminó.",
  "email.lapsedRestart": "No se cobrará nada más. Para empezar de nuevo, llame al {phone} o escriba a {email}.",
  "email.canceledSubject": "Su suscripción {reference} está cancelada",
  "email.canceledBeforeReview":
    "Usted canceló su pedido antes de que se revisara. Liberamos la retención de {amount} en su tarjeta; no se cobró nada. {releaseTiming}",
  "email.canceledBeforeReviewHoldEnded":
    "Usted canceló su pedido antes de que se revisara. La retención en su tarjeta ya había terminado; no se cobró nada.",
  "email.canceledLastRenewal":
    "Su suscripción está cancelada. Usted canceló a menos de 72 horas de su próxima fecha de facturación, así que, como indican los términos, la renovación del {date} por {amount} todavía se cobra. Después de eso, no se cobrará nada más.",
  "email.canceled": "Su suscripción está cancelada. No se cobrará ninguna otra renovación: no se cobrará nada más.",
  "email.refundedSubject": "Su reembolso del pedido {reference}",
  "email.refunded":
    "Le reembolsamos {amount}{payment, select, first { de su primer pago} renewal { de su pago de renovación} other {}} a {cardKnown, select, yes {su {card}} other {la tarjeta con la que pagó}}.",
  "email.refundMade":
    "Le hicimos un reembolso{payment, select, first { de su primer pago} renewal { de su pago de renovación} other {}} a {cardKnown, select, yes {su {card}} other {la tarjeta con la que pagó}}.",
  "email.refundNothingToDo": "{refundTiming} No necesita hacer nada.",
  "email.disqualifiedSubject": "Su plan de tratamiento {reference} terminó",
  "email.disqualified":
    "Después de revisar su información de salud, un proveedor médico autorizado determinó que este tratamiento no es adecuado para usted en este momento, así que terminamos su suscripción. Lamentamos que no sean las noticias que esperaba.",
  "email.disqualifiedRefund":
    "Como lo prometen nuestros términos, le estamos reembolsando la totalidad de su pago más reciente: {amount} a {cardKnown, select, yes {su {card}} other {la tarjeta con la que pagó}}. {refundTiming}",
  "email.disqualifiedEnd":
    "No se cobrará nada más ni se enviarán más medicamentos. Hable con su propio médico sobre otras opciones que puedan ser adecuadas para usted.",
  "email.addressChangedSubject": "Se cambió su dirección de envío de {reference}",
  "email.addressChanged":
    "Usted cambió la dirección de envío de su pedido. A partir de su próximo envío, le mandaremos su medicamento a su nueva dirección.",
  "email.addressChangedTo":
    "Usted cambió la dirección de envío de su pedido. A partir de su próximo envío, le mandaremos su medicamento a su nueva dirección en {place}.",
  "email.shipmentOnItsWay": "Un envío que ya está en camino sigue yendo a la dirección a la que se mandó.",
  "email.addressUndo":
    "Para deshacerlo, vuelva a cambiar su dirección desde su página de suscripción. Si usted no hizo este cambio, llame al {phone} o escriba a {email}.",
  "email.cardUpdatedSubject": "Se actualizó su tarjeta para {reference}",
  "email.cardUpdated": "Su tarjeta para los pagos futuros ahora es {card}.",
  "email.cardYouGave": "la tarjeta que nos dio",
  "email.cardUndo":
    "Para deshacerlo, vuelva a actualizar su tarjeta desde su página de suscripción. Si usted no hizo este cambio, llame de inmediato al {phone} o escriba a {email}.",
  "email.planSubject": "Su plan de {reference}",
  "email.planChangedUnknown": "Se cambió su plan. Su página de suscripción lo muestra tal como está ahora.",
  "email.planKeptSubject": "Su plan de {reference} sigue siendo {plan}",
  "email.planChangesSubject": "Su plan de {reference} cambia a {plan} el {date}",
  "email.asYouAsked": "Como lo solicitó: {summary}",
  "email.yourLinkSubject": "Su enlace al pedido {reference}",
  "email.yourLink": "Usted pidió el enlace a su pedido. Aquí lo tiene; reemplaza cualquier enlace que le hayamos enviado antes.",
  "email.yourNextBillingDate": "día de su próxima facturación",
  "email.yourEarlierBillingDate": "día de su facturación anterior",
  "email.moveBack":
    "¿Cambió de opinión? Puede volver a pasarla al {from} desde su página de suscripción, hasta 72 horas antes de esa fecha.",
  "email.chargeOn":
    "El {to} cobraremos {amount} por {months, plural, one {su próximo mes} other {sus próximos # meses}}, y sus fechas de facturación se cuentan a partir de ese día.",
  "email.shippedSoonerSubject": "Recibo: el próximo período de {reference} se envía antes",
  "email.shippedSooner":
    "Como lo solicitó, hoy cobramos {amount} a su tarjeta por {months, plural, one {su próximo mes} other {sus próximos # meses}}, en lugar del {from}. Su medicamento se envía en un plazo de 3 a 5 días hábiles.",
  "email.datesFromToday": "Sus fechas de facturación ahora se cuentan a partir de hoy: su próxima fecha de facturación es el {to}.",
  "email.paymentStays":
    "Un pago ya hecho no se puede revertir desde su página de suscripción. Si no quería que se enviara antes, llame al {phone} o escriba a {email}.",
  "email.skippedSubject": "Se omitió el próximo período de {reference}",
  "email.skipped":
    "Como lo solicitó, omitimos su próximo período: no se cobra ni se envía nada el {from}. Su próxima fecha de facturación ahora es el {to}.",
  "email.movedBackSubject": "Su próxima fecha de facturación de {reference} vuelve a ser el {to}",
  "email.movedBack": "Como lo solicitó, devolvimos su próxima fecha de facturación del {from} al {to}.",
  "email.movedSubject": "Su próxima fecha de facturación de {reference} ahora es el {to}",
  "email.moved": "Como lo solicitó, cambiamos su próxima fecha de facturación del {from} al {to}.",
  "planChange.switched":
    "Su plan cambia de {from} a {to} en su próxima fecha de facturación, el {starts}. A partir de entonces cuesta {price}. El período que ya pagó no cambia.",
  "planChange.waiting":
    "Su próxima fecha de facturación ({fixedAt}) está a menos de 72 horas, así que, como indican los términos, esa renovación es fija: {fixedAmount} por {months, plural, one {un mes más} other {# meses más}} de su plan {from}. Después, su plan cambia a {to} el {starts}, y a partir de entonces cuesta {price}.",
  "planChange.theOneComing": "la que viene",
  "planChange.currentPrice": "su precio actual",
  "planChange.kept":
    "Conserva su plan {to}: se canceló el cambio a {from} que estaba pendiente. Su plan cuesta {price}, y su próxima fecha de facturación es el {starts}.",
  "planChange.undo":
    "¿Cambió de opinión? Vuelva a elegir su plan {from} desde su página de suscripción antes del {date} (72 horas antes del {starts}).",
  "planChange.keptUndo": "Puede volver a cambiar su plan desde su página de suscripción.",
};
