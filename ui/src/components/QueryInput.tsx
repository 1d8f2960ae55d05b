import { useEffect, useState, type FormEvent } from 'react';

interface Props {
  running: boolean;
  /** A query put in the box from outside (a sample query), with a counter so repeats apply. */
  preset: { text: string; serial: number } | null;
  onSubmit: (query: string) => void;
  onStop: () => void;
}

export function QueryInput({ running, preset, onSubmit, onStop }: Props) {
  const [text, setText] = useState('');
  useEffect(() => {
    if (preset !== null) setText(preset.text);
  }, [preset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!running && text.trim() !== '') onSubmit(text.trim());
  };

  return (
    <form className="query-input" onSubmit={submit} aria-label="Ask Harper">
      <input
        type="text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Ask about an account, update one, or draft a follow-up…"
        aria-label="Query"
        maxLength={4000}
      />
      {running ? (
        <button type="button" className="button stop" onClick={onStop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="button primary" disabled={text.trim() === ''}>
          Ask
        </button>
      )}
    </form>
  );
}
