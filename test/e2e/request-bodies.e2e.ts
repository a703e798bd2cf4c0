// Every body held to its door's cap, over real HTTP against the built server: a chunked
// 200 MB post is answered 413 once past the cap, a few at once, with the server's memory flat.
// Plain HTTP and no browser, so it runs in the no-js project only (playwright.config.ts).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { startAppServer } from "./support/app-server";
import { expect, test } from "./support/fixtures";
import { answerAt } from "./support/raw-http";

/** The server's resident memory now, in MB (Linux's /proc). */
function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

/**
 * Posts a chunked body (no length) of up to `totalBytes`, made as it is sent, as fast as the
 * server takes it, until the server answers or closes the connection: the answer, and how much
 * of the body went.
 */
async function postChunked(origin: string, path: string, contentType: string, totalBytes: number) {
  const { hostname, port, host } = new URL(origin);
  const socket = connect(Number(port), hostname);
  socket.setEncoding("latin1");
  let received = "";
  let closed = false;
  socket.on("data", (chunk: string) => (received += chunk));
  // A reset after the server has closed its end: what counts is the answer read before it.
  socket.on("error", () => undefined);
  socket.on("close", () => (closed = true));
  // Room to write again, or an answer to look at (the server stops reading past its cap).
  const writableOrAnswered = () =>
    new Promise<void>((resolve) => {
      const go = () => {
        socket.off("drain", go);
        socket.off("data", go);
        socket.off("close", go);
        resolve();
      };
      socket.on("drain", go);
      socket.on("data", go);
      socket.on("close", go);
    });
  const chunk = Buffer.alloc(64 * 1024, "x");
  const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${origin}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`,
  );
  let sent = 0;
  try {
    while (sent < totalBytes && !closed && answerAt(received) === undefined) {
      const more = socket.write(frame);
      sent += chunk.length;
      if (!more) await writableOrAnswered();
    }
    if (sent >= totalBytes && !closed) socket.write("0\r\n\r\n");
    await expect.poll(() => answerAt(received) !== undefined || closed, { timeout: 30_000 }).toBe(true);
    const answer = answerAt(received);
    const body = answer ? received.slice(received.indexOf("\r\n\r\n") + 4, answer.end) : "";
    return { status: answer?.status, head: answer?.head ?? "", body, sent };
  } finally {
    socket.destroy();
  }
}

// One post of 300 MB to the sign-in form once took the server from 0.5 to 1.3 GB, a few at once
// killed it: every body was read whole before its size was looked at, and a chunked one says
// no size. Now every body is counted as it arrives and refused the moment it passes its door's
// cap. A server of this test's own, so that its memory is these posts' alone.
test("a chunked body of 200 MB to any kind of door is answered 413 once past its cap, a few at once, the server's memory flat", async ({
  request,
}, testInfo) => {
  test.slow(); // a server to start
  const server = await startAppServer(path.dirname(testInfo.config.configFile ?? "playwright.config.ts"), {
    PROVIDER_WEBHOOK_SECRET: "e2e-provider-webhook-secret",
  });
  const doors = [
    { path: "/owner?index", type: "application/x-www-form-urlencoded", says: "That was more than this form accepts" },
    { path: `/concerns/${randomUUID()}`, type: "application/x-www-form-urlencoded", says: "That was more than this form accepts" },
    { path: "/subscription", type: "application/x-www-form-urlencoded", says: "That was more than this form accepts" },
    {
      path: "/api/pre-auth-checkout",
      type: "application/json",
      says: '{"success":false,"message":"The request is larger than this endpoint accepts."}',
    },
    {
      path: "/api/review-outcome",
      type: "application/json",
      says: '{"success":false,"message":"The request is larger than this endpoint accepts."}',
    },
    {
      path: "/api/stripe/webhook",
      type: "application/json",
      says: '{"success":false,"message":"The event is larger than this endpoint accepts."}',
    },
  ];
  try {
    // Each door once with a small body first, so that what is measured is the large posts, not
    // the server's first answers.
    for (const door of doors) {
      const small = await request.post(`${server.origin}${door.path}`, {
        headers: { Origin: server.origin, "Content-Type": door.type },
        data: door.type === "application/json" ? "{}" : "note=small",
        maxRedirects: 0,
      });
      expect(small.status(), door.path).toBeLessThan(500);
    }
    const before = residentMb(server.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, residentMb(server.pid))), 20);
    const answers = await Promise.all(doors.map((door) => postChunked(server.origin, door.path, door.type, 200 * 1024 * 1024))).finally(
      () => clearInterval(sampler),
    );
    answers.forEach((answer, index) => {
      const door = doors[index]!;
      expect(answer.status, door.path).toBe(413);
      expect(answer.body, door.path).toContain(door.says);
      // The rest of the body is not read: the connection goes after the answer.
      expect(answer.head, door.path).toMatch(/\r\nconnection: *close/i);
      // At most the cap, what the server drops on its way out (1 MB) and the sockets' buffers.
      expect(answer.sent, door.path).toBeLessThan(20 * 1024 * 1024);
    });
    expect(peak - before, `resident memory ${before.toFixed(0)} MB, at most ${peak.toFixed(0)} MB during the posts`).toBeLessThan(50);
    // And the server goes on answering.
    expect((await request.get(`${server.origin}/healthz`)).status()).toBe(200);
  } finally {
    await server.stop();
  }
});
