import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInGate } from './SignInGate';

const fetchMock = vi.fn<typeof fetch>();
let signedIn = false;

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  signedIn = false;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/auth/me') return signedIn ? reply(200, { name: 'jordan', role: 'broker' }) : reply(401, {});
    if (url === '/auth/login') {
      const { key } = JSON.parse(String(init?.body)) as { key: string };
      if (key !== 'hk_good') return reply(401, { detail: 'That key is not valid.' });
      signedIn = true;
      return reply(200, { name: 'jordan', role: 'broker' });
    }
    if (url === '/auth/logout') {
      signedIn = false;
      return reply(200, { signed_out: true });
    }
    return reply(404, {});
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('SignInGate', () => {
  it('asks for a key, refuses a wrong one, lets the right one in and signs out', async () => {
    render(<SignInGate><p>the explorer</p></SignInGate>);
    await screen.findByRole('heading', { name: 'Sign in to Harper' });
    expect(screen.queryByText('the explorer')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('API key'), 'hk_wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not accepted');
    await userEvent.clear(screen.getByLabelText('API key'));
    await userEvent.type(screen.getByLabelText('API key'), 'hk_good');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('the explorer')).toBeInTheDocument();
    expect(screen.getByText(/Signed in as jordan \(broker\)/)).toBeInTheDocument();
    const login = fetchMock.mock.calls.find(([url]) => url === '/auth/login')!;
    expect(new Headers(login[1]!.headers).get('Content-Type')).toBe('application/json');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Sign in to Harper' });
  });

  it('shows the explorer at once when the browser is already signed in', async () => {
    signedIn = true;
    render(<SignInGate><p>the explorer</p></SignInGate>);
    expect(await screen.findByText('the explorer')).toBeInTheDocument();
  });
});
