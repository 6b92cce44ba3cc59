import type { Logger } from '../platform/logger.ts';

/**
 * A CSV file answered as it is read (the console's payments and receivables exports): one chunk per line group
 * the generator yields, so 100 000 rows never sit in memory. A failure mid-file is logged (without the rows) and
 * breaks the download rather than ending it as if complete; a browser that stops reading stops the query.
 */
export function csvDownload(
  lines: AsyncGenerator<string, void>,
  filename: string,
  log: Logger,
  what: string,
): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await lines.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error(`${what} export failed`, { error: error instanceof Error ? error.message : String(error) });
        controller.error(error);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
