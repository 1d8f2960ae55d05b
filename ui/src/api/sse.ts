// Server-sent events over fetch: EventSource cannot POST, so the stream is read and parsed here.
// `streamQuery` follows one run of /query/stream to its final event; when the connection drops it
// resumes from the last event id it saw (GET /query/stream/{request_id} with Last-Event-ID) and
// hands every event to the caller exactly once.

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** Incremental parser of the text/event-stream format: feed chunks, get whole events. */
export class SseParser {
  private buffer = '';
  private id: string | null = null;
  private event = '';
  private data: string[] = [];

  feed(chunk: string): SseEvent[] {
    this.buffer += chunk;
    const events: SseEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (match === null) break;
      // A lone '\r' at the end may be the first half of '\r\n': wait for more.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event !== null) events.push(event);
    }
    return events;
  }

  private line(line: string): SseEvent | null {
    if (line === '') {
      if (this.data.length === 0 && this.event === '') return null;
      const event = { id: this.id, event: this.event || 'message', data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** One event of a run, its data parsed as JSON. */
export interface RunEvent {
  id: string;
  kind: string;
  data: Record<string, unknown>;
}

export interface StreamOptions {
  query: string;
  sessionId?: string | null;
  onEvent: (event: RunEvent) => void;
  /** Called with true when a dropped connection is being resumed, false once it is back. */
  onReconnect?: (reconnecting: boolean) => void;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  baseUrl?: string;
  maxRetries?: number;
  retryDelayMs?: number;
}

const FINAL_KINDS = new Set(['done', 'error']);

/** `<request id>:<n>` -> n; null when the id is not one of the gateway's. */
export function eventSequence(id: string): number | null {
  const colon = id.lastIndexOf(':');
  if (colon <= 0) return null;
  const tail = id.slice(colon + 1);
  return /^\d+$/.test(tail) ? Number(tail) : null;
}

class StreamDropped extends Error {}

/** Follows a query's run to its end. Resolves after the final event; rejects on abort. */
export async function streamQuery(options: StreamOptions): Promise<void> {
  const fetcher = options.fetchImpl ?? fetch.bind(globalThis);
  const base = options.baseUrl ?? '';
  const maxRetries = options.maxRetries ?? 6;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const seen = new Set<string>();
  let requestId: string | null = null;
  let lastEventId: string | null = null;
  let finished = false;

  const deliver = (raw: SseEvent): void => {
    if (raw.id === null || seen.has(raw.id)) return;
    const sequence = eventSequence(raw.id);
    const last = lastEventId === null ? null : eventSequence(lastEventId);
    if (sequence !== null && last !== null && sequence <= last) return;
    seen.add(raw.id);
    lastEventId = raw.id;
    let data: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.data);
      data = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : { value: parsed };
    } catch {
      data = { message: raw.data };
    }
    if (raw.event === 'accepted' && typeof data.request_id === 'string') requestId = data.request_id;
    if (FINAL_KINDS.has(raw.event)) finished = true;
    options.onEvent({ id: raw.id, kind: raw.event, data });
  };

  const read = async (response: Response): Promise<void> => {
    if (response.body === null) throw new StreamDropped('no body');
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (error) {
          if (options.signal?.aborted) throw error;
          throw new StreamDropped(String(error));
        }
        if (chunk.done) break;
        for (const event of parser.feed(decoder.decode(chunk.value, { stream: true }))) {
          deliver(event);
          if (finished) return;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
    if (!finished) throw new StreamDropped('the stream ended before its final event');
  };

  // One key for this submission, so the services never apply it twice whatever is retried.
  const submissionKey = crypto.randomUUID();
  const open = async (): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (requestId === null) {
      headers['Content-Type'] = 'application/json';
      headers['Idempotency-Key'] = submissionKey;
      const body = JSON.stringify({ query: options.query, session_id: options.sessionId ?? null });
      return fetcher(`${base}/query/stream`, { method: 'POST', headers, body, signal: options.signal });
    }
    headers['Last-Event-ID'] = lastEventId ?? `${requestId}:0`;
    const url = `${base}/query/stream/${encodeURIComponent(requestId)}`;
    return fetcher(url, { method: 'GET', headers, signal: options.signal });
  };

  let failures = 0;
  let reconnecting = false;
  const dropped = async (): Promise<void> => {
    if (!reconnecting) options.onReconnect?.(true);
    reconnecting = true;
    await sleep(retryDelayMs * failures, options.signal);
  };
  for (;;) {
    let response: Response;
    try {
      response = await open();
    } catch (error) {
      if (options.signal?.aborted || requestId === null) throw error;
      failures += 1;
      if (failures > maxRetries) throw new Error(`Lost the connection to Harper: ${String(error)}`);
      await dropped();
      continue;
    }
    requestId = requestId ?? response.headers.get('X-Request-ID');
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || !type.includes('text/event-stream')) {
      deliverRefusal(await refusal(response), options.onEvent, lastEventId, requestId);
      return;
    }
    if (reconnecting) options.onReconnect?.(false);
    reconnecting = false;
    const before = lastEventId;
    try {
      await read(response);
      return;
    } catch (error) {
      if (!(error instanceof StreamDropped) || requestId === null) throw error;
      failures = lastEventId === before ? failures + 1 : 1;
      if (failures > maxRetries) throw new Error('Lost the connection to Harper and could not resume the stream.');
      await dropped();
    }
  }
}

async function refusal(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) return body as Record<string, unknown>;
  } catch {
    // not JSON: fall through
  }
  return { type: 'error', message: `Harper answered ${response.status} ${response.statusText}`.trim() };
}

function deliverRefusal(
  body: Record<string, unknown>,
  onEvent: (event: RunEvent) => void,
  lastEventId: string | null,
  requestId: string | null,
): void {
  const next = lastEventId === null ? 1 : (eventSequence(lastEventId) ?? 0) + 1;
  const message = typeof body.message === 'string' ? body.message : JSON.stringify(body.detail ?? body);
  onEvent({ id: `${requestId ?? 'refused'}:${next}`, kind: 'error', data: { ...body, type: 'error', message } });
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
