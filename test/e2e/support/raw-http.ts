// Reading an HTTP/1.1 answer off a raw socket, for tests that must send what no browser sends.

/** The whole HTTP answer at the start of `text`, or undefined while it is still arriving. */
export function answerAt(text: string): { status: number; head: string; end: number } | undefined {
  const headEnd = text.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const head = text.slice(0, headEnd);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length) {
    const end = headEnd + 4 + Number(length[1]);
    return text.length >= end ? { status, head, end } : undefined;
  }
  const last = /\r\ntransfer-encoding: *chunked/i.test(head) ? text.indexOf("\r\n0\r\n\r\n", headEnd) : headEnd;
  return last < 0 ? undefined : { status, head, end: last + 4 + (last === headEnd ? 0 : 3) };
}
