import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { components } from '../types/api.gen';

type SignedIn = components['schemas']['SignedIn'];

type Gate = { kind: 'checking' } | { kind: 'signed-out'; error?: string } | { kind: 'signed-in'; who: SignedIn };

const JSON_POST = { method: 'POST', headers: { 'Content-Type': 'application/json' } } as const;

/**
 * Harper needs a key. The link `make up` prints signs the browser in (a session cookie); without
 * it, this form takes a key pasted by hand. Signed in, the explorer shows with a sign-out.
 */
export function SignInGate({ children }: { children: ReactNode }) {
  const [gate, setGate] = useState<Gate>({ kind: 'checking' });
  const [key, setKey] = useState('');

  useEffect(() => {
    fetch('/auth/me').then(
      async (response) =>
        setGate(response.ok ? { kind: 'signed-in', who: (await response.json()) as SignedIn } : { kind: 'signed-out' }),
      () => setGate({ kind: 'signed-out', error: 'Harper did not answer.' }),
    );
  }, []);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    const response = await fetch('/auth/login', { ...JSON_POST, body: JSON.stringify({ key: key.trim() }) });
    if (!response.ok) {
      setGate({ kind: 'signed-out', error: 'That key was not accepted.' });
      return;
    }
    setKey('');
    setGate({ kind: 'signed-in', who: (await response.json()) as SignedIn });
  };

  const signOut = async () => {
    await fetch('/auth/logout', { ...JSON_POST, body: '{}' });
    setGate({ kind: 'signed-out' });
  };

  if (gate.kind === 'checking') return <p className="muted sign-in">Checking your sign-in…</p>;
  if (gate.kind === 'signed-out') {
    return (
      <form className="sign-in" onSubmit={signIn}>
        <h1>Sign in to Harper</h1>
        <p className="muted">Open the link `make up` printed, or paste an API key.</p>
        <label>
          API key
          <input type="password" value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" />
        </label>
        {gate.error && <p role="alert">{gate.error}</p>}
        <button type="submit" className="button primary" disabled={key.trim() === ''}>
          Sign in
        </button>
      </form>
    );
  }
  return (
    <>
      <div className="signed-in muted small">
        Signed in as {gate.who.name} ({gate.who.role}) ·{' '}
        <button type="button" className="link" onClick={signOut}>
          Sign out
        </button>
      </div>
      {children}
    </>
  );
}
