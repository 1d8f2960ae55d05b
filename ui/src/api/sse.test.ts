import { describe, expect, it, vi } from 'vitest';
import { SseParser, eventSequence, streamQuery, type RunEvent } from './sse';

function sse(id: string, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A streamed response whose body is the given chunks, then either the end or a network error. */
function streamed(chunks: string[], { fail = false, requestId = 'r1' } = {}): Response {
  const encoder = new TextEncoder();
  const queue = [...chunks];
  // Pulled one chunk at a time, so the failure comes after every chunk was read.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = queue.shift();
      if (chunk !== undefined) controller.enqueue(encoder.encode(chunk));
      else if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream', 'X-Request-ID': requestId },
  });
}

describe('SseParser', () => {
  it('parses events split anywhere across chunks, with CRLF and multi-line data', () => {
    const parser = new SseParser();
    const text = 'id: a:1\r\nevent: intent\r\ndata: {"x":\r\ndata: 1}\r\n\r\n: comment\n\nid: a:2\nevent: done\ndata: {}\n\n';
    const events = [...text].flatMap((char) => parser.feed(char));
    expect(events).toEqual([
      { id: 'a:1', event: 'intent', data: '{"x":\n1}' },
      { id: 'a:2', event: 'done', data: '{}' },
    ]);
  });

  it('keeps the last id for events without one and defaults the event name', () => {
    const parser = new SseParser();
    expect(parser.feed('id: z:4\ndata: 1\n\ndata: 2\n\n')).toEqual([
      { id: 'z:4', event: 'message', data: '1' },
      { id: 'z:4', event: 'message', data: '2' },
    ]);
  });
});

describe('eventSequence', () => {
  it('reads the sequence of <request id>:<n> and rejects anything else', () => {
    expect(eventSequence('abc:12')).toBe(12);
    expect(eventSequence('a:b:3')).toBe(3);
    expect(eventSequence('abc')).toBeNull();
    expect(eventSequence('abc:x')).toBeNull();
  });
});

describe('streamQuery', () => {
  it('resumes a dropped stream from the last event id and delivers each event once', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        streamed(
          [sse('r1:1', 'accepted', { request_id: 'r1' }), sse('r1:2', 'intent', { info: { intent: 'search' } }), 'id: r1:3\nevent: rout'],
          { fail: true },
        ),
      )
      .mockResolvedValueOnce(
        streamed([
          // The server may replay what the client already has: it must not show twice.
          sse('r1:2', 'intent', { info: { intent: 'search' } }),
          sse('r1:3', 'routing', { routed_to: 'search_agent' }),
          sse('r1:4', 'answer', { type: 'success', answer: 'Quoted' }),
          sse('r1:5', 'done', { type: 'success' }),
        ]),
      );
    const events: RunEvent[] = [];
    const reconnects: boolean[] = [];
    await streamQuery({
      query: 'What stage is Maple Avenue Dental at?',
      onEvent: (event) => events.push(event),
      onReconnect: (value) => reconnects.push(value),
      fetchImpl,
      retryDelayMs: 1,
    });
    expect(events.map((event) => `${event.id} ${event.kind}`)).toEqual([
      'r1:1 accepted',
      'r1:2 intent',
      'r1:3 routing',
      'r1:4 answer',
      'r1:5 done',
    ]);
    expect(reconnects).toEqual([true, false]);
    const [firstUrl, first] = fetchImpl.mock.calls[0];
    expect(firstUrl).toBe('/query/stream');
    expect(first?.method).toBe('POST');
    expect(JSON.parse(String(first?.body))).toEqual({ query: 'What stage is Maple Avenue Dental at?', session_id: null });
    const [resumeUrl, resume] = fetchImpl.mock.calls[1];
    expect(resumeUrl).toBe('/query/stream/r1');
    expect(resume?.method).toBe('GET');
    expect((resume?.headers as Record<string, string>)['Last-Event-ID']).toBe('r1:2');
  });

  it('resumes from the start when the connection drops before any event', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(streamed([], { requestId: 'r9' }))
      .mockResolvedValueOnce(streamed([sse('r9:1', 'accepted', { request_id: 'r9' }), sse('r9:2', 'error', { message: 'boom' })]));
    const events: RunEvent[] = [];
    await streamQuery({ query: 'q', onEvent: (event) => events.push(event), fetchImpl, retryDelayMs: 1 });
    expect((fetchImpl.mock.calls[1][1]?.headers as Record<string, string>)['Last-Event-ID']).toBe('r9:0');
    expect(events.map((event) => event.kind)).toEqual(['accepted', 'error']);
  });

  it('turns a refused request into a final error event naming the problem', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValueOnce(
      new Response(JSON.stringify({ type: 'error', message: 'query: String should have at least 1 character' }), {
        status: 422,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const events: RunEvent[] = [];
    await streamQuery({ query: 'x', onEvent: (event) => events.push(event), fetchImpl });
    expect(events).toHaveLength(1);
    expect(events[0].kind).toBe('error');
    expect(events[0].data.message).toBe('query: String should have at least 1 character');
  });

  it('gives up after the retries and says the connection was lost', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockImplementation(async () => streamed([], { requestId: 'r2' }));
    await expect(
      streamQuery({ query: 'x', onEvent: () => undefined, fetchImpl, retryDelayMs: 1, maxRetries: 2 }),
    ).rejects.toThrow(/Lost the connection/);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });
});
