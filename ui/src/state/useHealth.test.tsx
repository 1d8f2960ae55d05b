import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_RETRY_MS, useHealth } from './useHealth';

function Header() {
  const health = useHealth();
  return <span>{health === null ? 'checking' : health.ok ? `ready ${health.accounts_indexed}` : 'not ready'}</span>;
}

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('useHealth', () => {
  it('asks again while Harper is not ready, and shows it ready once it is', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('connection refused'))
      .mockResolvedValueOnce(answer(503, { ok: false, accounts_indexed: 0 }))
      .mockResolvedValue(answer(200, { ok: true, accounts_indexed: 60 }));
    render(<Header />);
    expect(await screen.findByText('not ready')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText('not ready')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_MS);
    expect(await screen.findByText('ready 60')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('stops asking when the page goes away', async () => {
    fetchMock.mockResolvedValue(answer(503, { ok: false }));
    const { unmount } = render(<Header />);
    expect(await screen.findByText('not ready')).toBeInTheDocument();
    unmount();
    await vi.advanceTimersByTimeAsync(HEALTH_RETRY_MS * 3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
