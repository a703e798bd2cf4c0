// Her private page (/subscription/{token}), its address, billing date, cancel and delete pages, and the refusals of her links.
// Trato de "usted", español de EE. UU. Typed by the English ids: a missing or extra id does not compile.
import type { herPageEn } from "./her-page.en";

export const herPageEs: Record<keyof typeof herPageEn, string> = {
  "herPage.title": "Su suscripción",
  "herPage.reference": "Referencia del pedido <strong>{reference}</strong>",
  "herPage.back": "Volver a su suscripción",
  "herPage.emailed": "Le enviamos una confirmación por correo electrónico.",
  "herPage.nextBilling": "Próxima fecha de facturación: <strong>{date}</strong>, {amount}",
  "herPage.billingDateLink": "Cambiar mi fecha de facturación, omitir un período o recibir el envío antes",
  "herPage.useAnotherCard": "Usar otra tarjeta",
  "herPage.payWithAnotherCard": "Pagar con otra tarjeta",
  "herPage.planTitle": "Su plan",
  "herPage.plan": "Plan",
  "herPage.changePlan": "Cambiar de plan",
  "herPage.medications": "Medicamentos",
  "herPage.price": "Precio",
  "herPage.firstPeriod": "Primer período",
  "herPage.firstPeriodValue": "{amount} (código promocional aplicado)",
  "herPage.share": "Compartir",
  "herPage.shareWithDoctor": "Compartir con mi médico",
  "herPage.card": "Tarjeta",
  "herPage.cardEnding": "{brand} terminada en {last4}",
  "herPage.cardAnyBrand": "Tarjeta",
  "herPage.updateCard": "Actualizar tarjeta",
  "herPage.shipping": "Envío",
  "herPage.changeAddress": "Cambiar la dirección de envío",
  "herPage.timelineTitle": "Lo que ha sucedido",
  "herPage.paymentsTitle": "Historial de facturación",
  "herPage.date": "Fecha",
  "herPage.what": "Concepto",
  "herPage.amount": "Importe",
  "herPage.receipt": "Recibo",
  "herPage.receiptOf": "Recibo<hidden> del {date}, {what}</hidden>",
  "herPage.cancelTitle": "Cancelar la suscripción",
  "herPage.cancelText":
    "Puede cancelar en línea en cualquier momento. La página siguiente le indica exactamente qué ocurre si cancela ahora, antes de que lo confirme.",
  "herPage.cancelButton": "Cancelar la suscripción",
  "herPage.dataTitle": "Sus datos",
  "herPage.dataText":
    "Un archivo con todo lo que tenemos sobre usted: sus datos personales, sus respuestas, sus pedidos, sus pagos y los correos electrónicos que le enviamos.",
  "herPage.download": "Descargar mis datos",
  "herPage.delete": "Eliminar mis datos",
  "herPage.termsTitle": "Términos de la suscripción",
  "herPage.supportTitle": "¿Preguntas?",
  "herPage.support":
    "Llame al <phoneLink>{phone}</phoneLink> o escriba a <emailLink>{email}</emailLink>. La dirección de esta página es su clave privada para acceder a su pedido: no la comparta. <newLink>Pida un enlace nuevo</newLink> (el anterior dejará de funcionar).",
  "herLink.invalid": "Este enlace no abre ningún pedido. Compruebe que copió el enlace completo de su correo electrónico o pida uno nuevo.",
  "herLink.replaced":
    "Este enlace fue reemplazado por uno más reciente. Use el enlace del último correo electrónico que le enviamos o pida uno nuevo.",
  "herLink.erased": "Este enlace ya no funciona.",
  "herLink.askForNew": "Pedir un enlace nuevo",
  "herState.on_hold.title": "En revisión",
  "herState.on_hold.text":
    "Un proveedor médico autorizado está revisando su plan. Hay una retención en su tarjeta, pero no se ha hecho ningún cargo: solo se cobra si un proveedor le receta el tratamiento.",
  "herState.hold_expired.title": "En revisión",
  "herState.hold_expired.text":
    "Un proveedor médico autorizado sigue revisando su plan. La retención en su tarjeta ya terminó; no se cobra nada a menos que un proveedor le recete el tratamiento.",
  "herState.payment_needed.title": "Recetado: pago pendiente",
  "herState.payment_needed.text":
    "Un proveedor médico autorizado le recetó el tratamiento, pero no pudimos hacer el cargo a su tarjeta. Pague con otra tarjeta para recibir su medicamento.",
  "herState.active.title": "Activa",
  "herState.active.text": "Se le recetó el tratamiento y su suscripción se renueva automáticamente hasta que la cancele.",
  "herState.past_due.title": "No se pudo cobrar la renovación",
  "herState.past_due.text":
    "No pudimos cobrar su renovación. Volveremos a intentarlo con su tarjeta, o puede pagar ahora con otra tarjeta.",
  "herState.ending.title": "Cancelada",
  "herState.ending.text":
    "Canceló a menos de 72 horas de su fecha de facturación, por lo que esa última renovación se cobra de todos modos. Después de ella, no se cobra nada más.",
  "herState.declined.title": "No recetado",
  "herState.declined.text": "El equipo médico no recetó este tratamiento. Se liberó la retención en su tarjeta; no se cobró nada.",
  "herState.cancelled.title": "Cancelada",
  "herState.cancelled.text": "Su suscripción está cancelada. No se cobrará nada más.",
  "herState.lapsed.title": "Finalizada",
  "herState.lapsed.text": "Su suscripción finalizó porque no se pudo cobrar su renovación. No se cobrará nada más.",
  "herState.disqualified.title": "Finalizada por el equipo médico",
  "herState.disqualified.text":
    "Un proveedor médico autorizado determinó que este tratamiento no es adecuado para usted en este momento, por lo que su suscripción finalizó. No se cobrará nada más y no se enviarán más medicamentos.",
  "herState.moneyRefunded":
    "Como lo prometen nuestros términos, se le reembolsó en su totalidad su pago más reciente: {amount} a su tarjeta. Según su banco, el reembolso llega a su cuenta en un plazo de 5 a 10 días hábiles.",
  "herState.moneyRefunding":
    "Como lo prometen nuestros términos, le estamos reembolsando en su totalidad su pago más reciente: {amount} a su tarjeta.",
  "herState.moneyRefundFailed":
    "El reembolso de {amount} a su tarjeta todavía no se realizó. Nuestro equipo lo está revisando; usted no necesita hacer nada.",
  "herState.moneyReleased": "No se cobró nada: se liberó la retención en su tarjeta.",
  "herState.moneyNothing": "No se cobró nada.",
  "timeline.hold_placed": "Pedido recibido; retención aplicada a su tarjeta",
  "timeline.approved_captured": "Recetado; primer pago cobrado",
  "timeline.approved_charged": "Recetado; primer pago cobrado",
  "timeline.approved_payment_failed": "Recetado; no se pudo hacer el cargo a su tarjeta",
  "timeline.declined_released": "No recetado; retención liberada",
  "timeline.hold_expired": "La retención en su tarjeta terminó durante la revisión",
  "timeline.cancelled_released": "Cancelado antes de la revisión; retención liberada",
  "timeline.renewal_charged": "Renovación cobrada",
  "timeline.renewal_failed": "No se pudo cobrar la renovación",
  "timeline.lapsed": "Finalizada tras fallar el último intento",
  "timeline.cancelled": "Cancelada; no se cobrará nada más",
  "timeline.cancelled_after_renewal": "Cancelada; la renovación dentro de las 72 horas se cobra de todos modos",
  "timeline.medically_disqualified": "Finalizada por el equipo médico; no se cobrará nada más",
  "timeline.refunded": "Reembolsado a su tarjeta",
  "timeline.refund_failed": "Un reembolso a su tarjeta no se realizó; nuestro equipo lo está revisando",
  "timeline.dispute_opened": "Pago disputado en su banco",
  "timeline.dispute_won": "Disputa cerrada",
  "timeline.dispute_lost": "Disputa cerrada",
  "timeline.billing_date_moved": "Próxima fecha de facturación cambiada",
  "timeline.period_skipped": "Un período omitido",
  "timeline.shipped_sooner": "Envío adelantado: se cobró su próximo período",
  "timeline.plan_changed": "Plan cambiado a partir de su próxima fecha de facturación",
  "timeline.card_updated": "Tarjeta actualizada",
  "timeline.address_changed": "Dirección de envío cambiada",
  "timeline.personal_data_erased": "Sus datos se eliminaron a petición suya; no se cobrará nada más",
  "timeline.withAmount": "{text}: {amount}",
  "timeline.refundSucceeded": "Reembolsado a su tarjeta",
  "timeline.refundPending": "Reembolso en camino a su tarjeta",
  "timeline.refundFailed": "Reembolso no realizado",
  "timeline.hold": "Retención aplicada",
  "timeline.capture": "Cobrado (de la retención)",
  "timeline.release": "Retención liberada",
  "timeline.chargeSucceeded": "Cobrado",
  "timeline.chargePending": "Cargo en proceso",
  "timeline.chargeFailed": "Cargo no realizado",
  "herAddress.title": "Cambiar la dirección de envío",
  "herAddress.savedTitle": "Dirección de envío guardada",
  "herAddress.savedText": "A partir de su próximo envío, le enviaremos su medicamento a esta dirección:",
  "herAddress.savedNote":
    "Un envío que ya está en camino llegará a la dirección a la que se envió. Le enviamos una confirmación por correo electrónico.",
  "herAddress.shipsNow": "Adónde se envía su pedido ahora",
  "herAddress.intro":
    "Enviamos a direcciones postales de EE. UU. en los estados que atienden nuestros proveedores. La nueva dirección se usa a partir de su próximo envío.",
  "herAddress.save": "Guardar esta dirección",
  "herAddress.keep": "Conservar mi dirección",
  "herAddress.ended": "Este pedido finalizó, por lo que no se enviará nada más y ya no se puede cambiar su dirección de envío.",
  "herAddress.movedOn":
    "Su dirección de envío se cambió hace un momento, quizás en otra ventana. La dirección que aparece abajo es la que tenemos ahora: revísela y cámbiela de nuevo si lo necesita.",
  "herAddress.same": "Esta ya es la dirección a la que se envía su pedido, así que no se cambió nada.",
  "herAddress.tooMany":
    "Ha cambiado su dirección muchas veces en poco tiempo. Vuelva a intentarlo en {minutes, plural, one {# minuto} other {# minutos}}, o llámenos o escríbanos.",
  "herBillingDate.title": "Cambiar su fecha de facturación",
  "herBillingDate.doneTitle": "Fecha de facturación cambiada",
  "herBillingDate.next": "Su próxima fecha de facturación: <strong>{date}, {amount}</strong>",
  "herBillingDate.rule":
    "Puede cambiar su fecha de facturación una vez por período: posponerla de 1 a 8 semanas u omitir un período. Entre cambios y períodos omitidos, puede posponerla hasta {max} semanas en cualquier período de 12 meses (un período omitido cuenta como su duración en semanas). Una fecha de facturación a menos de 72 horas es fija, como indican los términos.",
  "herBillingDate.left": "Le quedan {weeks, plural, one {# semana} other {# semanas}} para posponerla en los próximos 12 meses.",
  "herBillingDate.moveTitle": "Posponer la fecha",
  "herBillingDate.moveLabel": "Posponer mi próxima fecha de facturación",
  "herBillingDate.moveEmpty": "Elija cuántas semanas",
  "herBillingDate.moveChoice": "{weeks, plural, one {# semana} other {# semanas}} después: {date}",
  "herBillingDate.moveButton": "Posponer mi fecha de facturación",
  "herBillingDate.backTitle": "Volver a la fecha anterior",
  "herBillingDate.backButton": "Volver al {date}",
  "herBillingDate.skipTitle": "Omitir mi próximo período",
  "herBillingDate.skipButton": "Omitir mi próximo período",
  "herBillingDate.skipText": "No se cobra ni se envía nada el {from}. Su próxima fecha de facturación pasa a ser el {to}.",
  "herBillingDate.soonerTitle": "Recibir el envío antes",
  "herBillingDate.soonerButton": "Recibir el envío antes",
  "herBillingDate.soonerText":
    "Hoy cobramos {amount} a su tarjeta por su próximo período y se lo enviamos en un plazo de 3 a 5 días hábiles. Sus fechas de facturación se cuentan entonces a partir de hoy: la próxima sería el {date}.",
  "herBillingDate.doneSooner":
    "Su próximo período se cobró hoy y se envía en un plazo de 3 a 5 días hábiles. Sus fechas de facturación ahora se cuentan a partir de hoy: la próxima es el {to}.",
  "herBillingDate.doneSkipped":
    "Su próximo período se omitió: no se cobra nada el {from}. Su próxima fecha de facturación ahora es el {to}.",
  "herBillingDate.doneMovedBack": "Su próxima fecha de facturación volvió a ser el {to}.",
  "herBillingDate.doneMoved": "Su próxima fecha de facturación ahora es el {to}; antes era el {from}.",
  "herBillingDate.outOfDate": "Esta página no está actualizada. Ábrala de nuevo desde la página de su suscripción.",
  "herBillingDate.notActivePastDue":
    "No se pudo cobrar su última renovación, por lo que su fecha de facturación no se puede cambiar ahora. Pague primero con otra tarjeta; después podrá cambiarla.",
  "herBillingDate.notActive": "Su fecha de facturación solo se puede cambiar mientras su suscripción esté activa.",
  "herBillingDate.weeks": "Elija cuántas semanas desea posponer su fecha de facturación: de 1 a 8.",
  "herBillingDate.fixed":
    "Su próxima fecha de facturación, el {date}, es en menos de 72 horas. Como indican los términos, esa renovación es fija, por lo que no se puede posponer ni omitir.",
  "herBillingDate.backTooLate":
    "Su fecha de facturación anterior, el {date}, es en menos de 72 horas o ya pasó, por lo que no se puede volver a ella.",
  "herBillingDate.oncePerPeriod": "Ya pospuso u omitió esta fecha de facturación. Puede cambiarla una vez por período.",
  "herBillingDate.nothingToMoveBack": "No hay ningún cambio ni período omitido de esta fecha de facturación que se pueda deshacer.",
  "herBillingDate.cap":
    "Puede posponer su fecha de facturación hasta {max} semanas en cualquier período de 12 meses, y le quedan {left, plural, one {# semana} other {# semanas}}, por lo que no se puede posponer {weeks, plural, one {# semana} other {# semanas}}.",
  "herBillingDate.skipCap":
    "Omitir un período de su plan {plan} pospondría su fecha de facturación {weeks, plural, one {# semana} other {# semanas}}. Puede posponerla hasta {max} semanas en cualquier período de 12 meses, y le quedan {left, plural, one {# semana} other {# semanas}}.",
  "herBillingDate.soonerOnce":
    "Su período actual ya se envió antes de tiempo. Podrá volver a adelantar el envío cuando se haya renovado, el {date}.",
  "herBillingDate.cardTried":
    "Ya intentamos cobrar su próximo período a su tarjeta y el cargo fue rechazado. No se cobró nada; lo intentaremos de nuevo en su fecha de facturación, el {date}.",
  "herBillingDate.stale":
    "Su fecha de facturación cambió desde que se mostró esta página: ahora es el {date}. No se cambió nada más; elija de nuevo.",
  "herBillingDate.staleNoDate": "Su fecha de facturación cambió desde que se mostró esta página. No se cambió nada más; elija de nuevo.",
  "herBillingDate.busy": "En este momento se está procesando un pago de su pedido. No se cambió nada: vuelva a intentarlo en un minuto.",
  "herBillingDate.unanswered":
    "No recibimos respuesta del servicio de pagos. Si se hizo el cargo a su tarjeta, su renovación se registra en unos minutos y le enviamos un recibo por correo electrónico; nunca se cobra dos veces.",
  "herBillingDate.declined": "Su tarjeta fue rechazada: {message} No se cobró nada y su fecha de facturación no cambió.",
  "herCancel.title": "Cancelar la suscripción",
  "herCancel.closed": "Esta suscripción ya está cerrada: no se cobrará nada más.",
  "herCancel.decided": "El equipo médico acaba de tomar una decisión sobre su pedido. Vuelva a intentarlo en un minuto.",
  "herCancel.previewOnHold":
    "Su pedido todavía está en revisión, por lo que la retención de {hold} en su tarjeta se libera de inmediato. No se cobra nada.",
  "herCancel.previewHoldExpired": "Su pedido todavía está en revisión. La retención en su tarjeta ya terminó; no se cobra nada.",
  "herCancel.previewStillBilled":
    "Su próxima fecha de facturación, el {date}, es en menos de 72 horas. Como indican los términos, esa renovación de {amount} se cobra de todos modos; después de ella, no se cobra nada más.",
  "herCancel.previewActive":
    "No se cobra ninguna otra renovación: no se cobra nada más después de lo que ya pagó. Su plan {plan} se habría renovado el {date}.",
  "herCancel.previewActiveNoDate":
    "No se cobra ninguna otra renovación: no se cobra nada más después de lo que ya pagó. Su plan {plan} no se renueva.",
  "herCancel.previewPastDue": "No se cobra el pago pendiente y no se cobra nada más.",
  "herCancel.resultClosed": "Esta suscripción ya estaba cancelada o cerrada. No se cobrará nada más.",
  "herCancel.resultEnding":
    "Su suscripción está cancelada. Su próxima fecha de facturación, el {date}, era en menos de 72 horas, así que, como indican los términos, esa renovación de {amount} se cobra de todos modos. Después de ella, no se cobrará nada más.",
  "herCancel.resultOnHold":
    "Su pedido está cancelado. Liberamos la retención de {hold} en su tarjeta; no se cobró nada. Según su banco, la retención desaparece de su estado de cuenta en un plazo de 5 a 10 días hábiles.",
  "herCancel.resultHoldExpired": "Su pedido está cancelado. La retención en su tarjeta ya había terminado; no se cobró nada.",
  "herCancel.resultActive": "Su suscripción está cancelada. No se cobrará ninguna otra renovación: no se cobrará nada más.",
  "herCancel.resultPastDue": "Su suscripción está cancelada. No se cobrará el pago pendiente y no se cobrará nada más.",
  "herCancel.busy":
    "En este momento se está procesando un pago de su pedido. Todavía no se canceló nada: vuelva a intentarlo en un minuto.",
  "herCancel.pauseTitle": "¿Prefiere tomar un descanso?",
  "herCancel.pauseMoved":
    "Su próxima fecha de facturación ya se pospuso al {date}: no se cobra ni se envía nada hasta entonces. Después de esa fecha, puede posponerla de nuevo u omitir un período.",
  "herCancel.pauseSeeDate": "Ver mi fecha de facturación",
  "herCancel.pauseText":
    "Puede conservar su plan y posponer su próxima fecha de facturación en lugar de cancelar. No se cobra nada hasta la nueva fecha.",
  "herCancel.pauseSkip":
    "Omitir su próximo período: no se cobra ni se envía nada el {from}; su próxima fecha de facturación pasa a ser el {to}.",
  "herCancel.pauseMove": "Posponer mi fecha de facturación",
  "herCancel.pauseSkipButton": "Omitir mi próximo período",
  "herCancel.question": "¿Por qué cancela? (opcional)",
  "herCancel.noteLabel": "Si eligió Otro, cuéntenos más (opcional)",
  "herCancel.noteHint": "Hasta {max} caracteres.",
  "herCancel.confirm": "Sí, cancelar mi suscripción",
  "herCancel.keep": "Conservar mi suscripción",
  "herCancel.offerAsk": "¿Le gustaría conocer una oferta para conservar su plan, como posponer su fecha de facturación?",
  "herCancel.offerAskLink": "Sí, muéstreme las opciones de mi fecha de facturación",
  "cancelReason.too_expensive": "Es demasiado caro",
  "cancelReason.side_effects": "Efectos secundarios",
  "cancelReason.not_working": "No me funciona",
  "cancelReason.other_treatment": "Prefiero otro tratamiento",
  "cancelReason.moving": "Me mudo o estoy de viaje",
  "cancelReason.other": "Otro",
  "cancelReason.none": "Prefiero no decirlo",
  "cancelReason.reasonInvalid": "Elija uno de los motivos de la lista o deje la pregunta sin responder: es opcional.",
  "cancelReason.noteLong": "Acorte lo que escribió a 200 caracteres o menos.",
  "herDelete.title": "Eliminar mis datos",
  "herDelete.intro": "Puede pedirnos que eliminemos sus datos personales. Antes de hacerlo, quizás quiera guardar una copia.",
  "herDelete.download": "Descargar mis datos",
  "herDelete.whatHappens": "Qué ocurre cuando elimina sus datos",
  "herDelete.happensEnds":
    "Su suscripción finaliza de inmediato: todo lo pendiente se cancela y se libera cualquier retención en su tarjeta. No se cobra nada más, ni siquiera una renovación dentro de las 72 horas: eliminar sus datos no es una cancelación con aviso previo.",
  "herDelete.happensErased":
    "Su nombre, correo electrónico, número de teléfono, direcciones y respuestas se borran de todos los lugares donde los tenemos, incluidos los correos electrónicos que conservamos.",
  "herDelete.happensProvider": "Le informamos a nuestro proveedor médico que usted pidió que se eliminaran sus datos.",
  "herDelete.happensLink":
    "Este enlace deja de funcionar y no podremos enviarle más correos electrónicos, ya que dejaremos de tener su dirección.",
  "herDelete.whatStays": "Lo que debemos conservar",
  "herDelete.stays":
    "La ley nos obliga a conservar los registros financieros: la referencia de su pedido, los importes y las fechas de sus pagos y reembolsos, y la marca y los últimos cuatro dígitos de su tarjeta (nunca el número de la tarjeta). También conservamos el registro de su aceptación de la renovación automática, sin sus datos de contacto.",
  "herDelete.cannotUndo": "Esto no se puede deshacer.",
  "herDelete.confirm": "Eliminar mis datos",
  "herDelete.keep": "Conservar mis datos",
  "herDelete.busy":
    "En este momento se está procesando un pago de su pedido. Todavía no se eliminó nada: vuelva a intentarlo en un minuto.",
  "herNewLink.title": "Un enlace nuevo para su pedido",
  "herNewLink.intro":
    "Le enviaremos un enlace nuevo al correo electrónico que usó para su pedido. Este enlace deja de funcionar en cuanto lo pida, así que nadie más que lo tenga podrá abrir su pedido.",
  "herNewLink.confirm": "Enviarme un enlace nuevo",
  "herNewLink.keep": "Conservar este enlace",
};
