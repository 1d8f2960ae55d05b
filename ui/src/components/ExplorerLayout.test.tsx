import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, confirmation, followup, update } from '../test/fixtures';
import { ExplorerLayout } from './ExplorerLayout';

function sseBody(events: [string, unknown][], requestId = 'r1'): Response {
  const text = events.map(([kind, data], index) => `id: ${requestId}:${index + 1}\nevent: ${kind}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(text, { headers: { 'Content-Type': 'text/event-stream', 'X-Request-ID': requestId } });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tree = {
  root: {
    name: 'mem',
    path: '',
    type: 'directory',
    has_children: true,
    children: [
      {
        name: 'accounts',
        path: 'accounts',
        type: 'directory',
        has_children: true,
        children: [
          {
            name: '29041',
            path: 'accounts/29041',
            type: 'directory',
            has_children: true,
            children: [{ name: 'state.md', path: 'accounts/29041/state.md', type: 'file', size: 20, has_children: false }],
          },
        ],
      },
    ],
  },
  total_accounts: 1,
  offset: 0,
  limit: 500,
};

let streams: Response[];
let confirms: Response[];
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  streams = [];
  confirms = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/health') return json({ ok: true, accounts_indexed: 60 });
    if (url.startsWith('/tree')) return json(tree);
    if (url.startsWith('/file')) {
      const path = new URL(url, 'http://x').searchParams.get('path');
      return json({ path, content: `contents of ${path}`, size: 20, truncated: false });
    }
    if (url === '/query/stream' && init?.method === 'POST') return streams.shift() ?? json({ type: 'error', message: 'no stream' }, 500);
    if (url === '/confirm') return confirms.shift() ?? json({ type: 'error', message: 'no confirm' }, 500);
    return json({ message: `unexpected ${url}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const steps = {
  intent: { kind: 'intent', info: { intent: 'search', confidence: 0.9, account_name: 'Maple Avenue Dental' } },
  routing: { kind: 'routing', routed_to: 'search_agent', account_id: '29041', account_name: 'Maple Avenue Dental', skill: null, reason: '' },
};

describe('ExplorerLayout', () => {
  it('asks, streams the journey, answers, and opens a cited file', async () => {
    streams.push(
      sseBody([
        ['accepted', { request_id: 'r1' }],
        ['intent', steps.intent],
        ['routing', steps.routing],
        ['answer', answer],
        ['done', { type: 'success' }],
      ]),
    );
    render(<ExplorerLayout />);
    expect(await screen.findByText('ready · 60 accounts indexed')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Query'), 'What stage is Maple Avenue Dental at?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveAttribute('data-status', 'completed'));
    expect(screen.getByTestId('routed-to')).toHaveTextContent('Search Agent');
    expect(screen.getByTestId('answer')).toHaveTextContent('Maple Avenue Dental is Quoted');
    const citations = screen.getByRole('heading', { name: 'Citations' }).parentElement!;
    await userEvent.click(within(citations).getByRole('button', { name: 'mem/accounts/29041/state.md' }));
    expect(await screen.findByTestId('preview-content')).toHaveTextContent('contents of accounts/29041/state.md');
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => url === '/query/stream')![1]!.body));
    expect(body).toEqual({ query: 'What stage is Maple Avenue Dental at?', session_id: null });
  });

  it('confirms a new account through /confirm and shows the update card', async () => {
    streams.push(sseBody([['accepted', { request_id: 'r2' }], ['confirmation_required', confirmation], ['done', {}]], 'r2'));
    confirms.push(json({ ...update, account_name: 'New Company LLC', account_id: '10002', message: 'Created new account: New Company LLC (ID: 10002)' }));
    render(<ExplorerLayout />);
    await userEvent.type(screen.getByLabelText('Query'), 'Add a note to New Company LLC');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: /Add Details/ }));
    await userEvent.type(within(dialog).getByLabelText('Primary email'), 'contact@newcompany.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveAttribute('data-status', 'completed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Update result' })).toHaveTextContent('New Company LLC');
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/confirm')!;
    expect(JSON.parse(String(init!.body))).toEqual({
      session_id: 'abc-123',
      confirmed: true,
      primary_email: 'contact@newcompany.com',
    });
  });

  it('approves a follow-up draft with confirmed true for its session', async () => {
    streams.push(sseBody([['accepted', { request_id: 'r3' }], ['followup', followup], ['done', {}]], 'r3'));
    // Even if the reply still names the session, the decision is made: no second approval.
    confirms.push(json({ ...followup, sent: true, recorded: true, history_entry_id: '2026-11-22T10:00:00Z' }));
    render(<ExplorerLayout />);
    await userEvent.type(screen.getByLabelText('Query'), 'Draft a follow-up email to Maple Avenue Dental');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(await screen.findByRole('button', { name: /Approve/ }));
    expect(await screen.findByText('recorded in history')).toBeInTheDocument();
    expect(screen.getByText('approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/confirm')!;
    expect(JSON.parse(String(init!.body))).toEqual({ session_id: 'fu-1', confirmed: true });
  });
});

describe('ExplorerLayout follow-up rejection', () => {
  it('rejects with confirmed false and offers the buttons no more', async () => {
    streams.push(sseBody([['accepted', { request_id: 'r4' }], ['followup', followup], ['done', {}]], 'r4'));
    confirms.push(json({ ...followup, message: 'Draft rejected: nothing was sent.' }));
    render(<ExplorerLayout />);
    await userEvent.type(screen.getByLabelText('Query'), 'Draft a follow-up email to Maple Avenue Dental');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('rejected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/confirm')!;
    expect(JSON.parse(String(init!.body))).toEqual({ session_id: 'fu-1', confirmed: false });
  });
});

describe('ExplorerLayout stop', () => {
  it('stops a running query: the stream is aborted and the run ends as stopped', async () => {
    let signal: AbortSignal | undefined;
    const encoder = new TextEncoder();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/health') return json({ ok: true, accounts_indexed: 60 });
      if (url.startsWith('/tree')) return json(tree);
      signal = init?.signal ?? undefined;
      // A run that sends its intent and then nothing more.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(`id: r5:1\nevent: intent\ndata: ${JSON.stringify(steps.intent)}\n\n`));
          signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'X-Request-ID': 'r5' } });
    });
    render(<ExplorerLayout />);
    await userEvent.type(screen.getByLabelText('Query'), 'Which accounts are in Texas?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByTestId('intent')).toHaveTextContent('search');
    expect(screen.getByTestId('status')).toHaveAttribute('data-status', 'running');
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(signal?.aborted).toBe(true);
    expect(screen.getByTestId('status')).toHaveAttribute('data-status', 'error');
    expect(screen.getByRole('alert')).toHaveTextContent('Stopped before Harper answered.');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeEnabled();
  });
});
