import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SentNotices } from './SentNotices';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const notice = {
  notice_id: 'n-a1',
  action_id: 'a1',
  account_id: '29041',
  account_name: 'Maple Avenue Dental',
  channel: 'email',
  recipient: 'dana@maple.example',
  subject: 'Your renewal quote',
  summary: 'Sent an email to Dana (Maple Avenue Dental) without review: Your renewal quote',
  sent_at: '2026-11-25T09:00:00Z',
  recorded: false,
};

afterEach(() => vi.unstubAllGlobals());

describe('SentNotices', () => {
  it('lists what went out without review and opens the account history', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ notices: [notice], total: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const opened: string[] = [];
    render(<SentNotices refreshKey={0} onOpenFile={(path) => opened.push(path)} />);
    await userEvent.click(await screen.findByText('1 sent without review'));
    expect(screen.getByText(/not yet in history/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: notice.summary }));
    expect(opened).toEqual(['accounts/29041/history.md']);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/followup/notices?limit=20');
  });

  it('shows nothing until something went out, then asks again when told to', async () => {
    const pages = [json({ message: 'no' }, 403), json({ notices: [], total: 0 }), json({ notices: [notice, { ...notice, notice_id: 'n-a2' }], total: 2 })];
    const fetchMock = vi.fn<typeof fetch>(async () => pages.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const { rerender } = render(<SentNotices refreshKey={0} onOpenFile={() => undefined} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('notices')).toBeNull();
    rerender(<SentNotices refreshKey={1} onOpenFile={() => undefined} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId('notices')).toBeNull();
    rerender(<SentNotices refreshKey={2} onOpenFile={() => undefined} />);
    expect(await screen.findByText('2 sent without review')).toBeInTheDocument();
  });
});
