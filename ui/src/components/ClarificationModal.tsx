import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import type { PendingClarification } from '../types/exploration';
import { Modal } from './Modal';

interface ClarificationProps {
  pending: PendingClarification;
  /** Ask again: a suggestion, or the broker's own answer (with the session, when there is one). */
  onAsk: (query: string, sessionId: string | null) => void;
  onDismiss: () => void;
}

const PLACEHOLDER = /\[[^\]]+\]/;

/**
 * Harper did not understand. A suggested rephrasing is asked when clicked; one with a blank to
 * fill ("[account name]") goes into the text box first. Without a suggestion, the broker names
 * the account (sent with the session, when Harper opened one) or rephrases.
 */
export function ClarificationModal({ pending, onAsk, onDismiss }: ClarificationProps) {
  const [reply, setReply] = useState('');
  const [rephrasing, setRephrasing] = useState(pending.session_id === null);
  const [blankToSelect, setBlankToSelect] = useState<[number, number] | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The blank is selected in the same task as the click that filled the box (a layout effect
  // runs before the browser handles the next key), so a fast typist's first keys replace it.
  useLayoutEffect(() => {
    if (blankToSelect === null) return;
    input.current?.focus();
    input.current?.setSelectionRange(blankToSelect[0], blankToSelect[1]);
    setBlankToSelect(null);
  }, [blankToSelect]);

  const pick = (suggestion: string) => {
    const blank = PLACEHOLDER.exec(suggestion);
    if (blank === null) {
      onAsk(suggestion, null);
      return;
    }
    setRephrasing(true);
    setReply(suggestion);
    setBlankToSelect([blank.index, blank.index + blank[0].length]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reply.trim();
    if (text === '' || PLACEHOLDER.test(text)) return;
    onAsk(text, rephrasing ? null : pending.session_id);
  };

  return (
    <Modal title="Could you clarify?" labelId="clarify-title">
      <p>{pending.message}</p>
      {pending.reason && <p className="muted small">{pending.reason}</p>}
      {pending.suggestions.length > 0 && (
        <section>
          <h3>Try one of these</h3>
          <ul className="suggestions">
            {pending.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button type="button" className="suggestion" onClick={() => pick(suggestion)}>
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={submit} className="clarify-reply">
        <label>
          {rephrasing ? 'Your question' : 'Which account?'}
          <input
            ref={input}
            value={reply}
            onChange={(event) => setReply(event.target.value)}
            placeholder={rephrasing ? pending.original_query : 'Account name or description'}
          />
        </label>
        {PLACEHOLDER.test(reply) && <p className="muted small">Fill in the part in brackets.</p>}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onDismiss}>
            Dismiss
          </button>
          <button type="submit" className="button primary" disabled={reply.trim() === '' || PLACEHOLDER.test(reply)}>
            Ask
          </button>
        </div>
      </form>
    </Modal>
  );
}
