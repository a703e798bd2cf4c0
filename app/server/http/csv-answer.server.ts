// A CSV file the owner downloads, and the plain refusal of a query it cannot answer. Never
// stored by a cache: it is the business's own data.
export function csvDownload(csv: string, fileName: string): Response {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}

export function csvRefusal(messages: string[]): Response {
  return new Response(`${messages.join("\n")}\n`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
