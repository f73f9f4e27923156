/**
 * An open stream of server-sent events (a tRPC subscription), read event by event as a browser's
 * EventSource would: the data events of the procedure, skipping pings and the opening `connected`.
 */
export class EventStream<T> {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  private constructor(
    readonly status: number,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array> | null,
    private readonly controller: AbortController,
    /** The body of a refused subscription (not an event stream). */
    readonly text: string,
  ) {}

  static async open<T>(url: string, headers: Record<string, string> = {}): Promise<EventStream<T>> {
    const controller = new AbortController();
    const response = await fetch(url, { headers, signal: controller.signal });
    if (!response.headers.get('content-type')?.includes('text/event-stream'))
      return new EventStream<T>(response.status, null, controller, await response.text());
    return new EventStream<T>(response.status, response.body!.getReader(), controller, '');
  }

  /** The next data event, or an error when none comes within `timeoutMs` (a test's bound, not a measure). */
  async next(timeoutMs = 15_000): Promise<{ id?: string; data: T }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
        }
        if (fields.has('data') && !fields.has('event'))
          return { id: fields.get('id'), data: JSON.parse(fields.get('data')!) as T };
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no event in time');
      const chunk = await Promise.race([
        this.reader!.read(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no event in time')), left)),
      ]);
      if (chunk.done) throw new Error('the stream ended');
      this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  close() {
    this.controller.abort();
  }
}
