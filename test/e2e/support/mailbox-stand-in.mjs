// A mail server for the end-to-end tests: the apps under test send her emails here over SMTP
// (SMTP_URL), and the tests read what arrived over HTTP. Nothing reaches a real mailbox.
//   SMTP on E2E_SMTP_PORT (3198); GET /ready and GET /messages?to=<address> on E2E_MAILBOX_PORT (3197).
import { createServer } from "node:http";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 3198);
const httpPort = Number(process.env.E2E_MAILBOX_PORT ?? 3197);

/** Every message received, oldest first. */
const received = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        received.push({
          to: (mail.to?.value ?? []).flatMap((address) => address.address ?? []).map((address) => address.toLowerCase()),
          subject: mail.subject ?? "",
          text: mail.text ?? "",
          html: typeof mail.html === "string" ? mail.html : "",
          messageId: mail.messageId ?? "",
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(smtpPort, "127.0.0.1");

createServer((request, response) => {
  const url = new URL(request.url ?? "/", `http://127.0.0.1:${httpPort}`);
  if (url.pathname === "/ready") return response.writeHead(200).end("ready");
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const messages = to ? received.filter((message) => message.to.includes(to)) : received;
    response.writeHead(200, { "Content-Type": "application/json" });
    return response.end(JSON.stringify(messages));
  }
  response.writeHead(404).end();
}).listen(httpPort, "127.0.0.1");
