import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type {
  AccountDetails,
  ClarificationField,
  PendingClarification,
  PendingConfirmation,
  PendingVagueUpdateClarification,
} from '../types/exploration';

export const INDUSTRIES = [
  'Construction',
  'Dental Practice',
  'Medical Practice',
  'Childcare',
  'Restaurant',
  'Retail',
  'Professional Services',
  'Manufacturing',
  'Transportation',
  'Healthcare',
  'Real Estate',
  'Technology',
  'Other',
];

export const INSURANCE_TYPES = [
  "Workers' Compensation",
  'General Liability',
  'Commercial Auto',
  'Commercial Property',
  'Professional Liability',
  'Cyber Liability',
  'Business Owners Policy',
  'Umbrella',
];

function Modal({ title, labelId, children }: { title: string; labelId: string; children: ReactNode }) {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={labelId}>
        <h2 id={labelId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}

// ---- new account --------------------------------------------------------------------------------

interface ConfirmationProps {
  pending: PendingConfirmation;
  onConfirm: (details: AccountDetails) => void;
  onCancel: () => void;
  /** A similar existing account was meant: ask again about it. */
  onPickAlternative: (accountName: string) => void;
}

/** Create the account? With its similar accounts and an optional details form. */
export function ConfirmationModal({ pending, onConfirm, onCancel, onPickAlternative }: ConfirmationProps) {
  const [showDetails, setShowDetails] = useState(false);
  const [details, setDetails] = useState<AccountDetails>({});
  const [types, setTypes] = useState<string[]>([]);

  const set = (field: keyof AccountDetails) => (value: string) => setDetails({ ...details, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled: AccountDetails = {};
    for (const [key, value] of Object.entries(details) as [keyof AccountDetails, string][]) {
      if (typeof value === 'string' && value.trim() !== '') (filled as Record<string, string>)[key] = value.trim();
    }
    if (types.length > 0) filled.insurance_types = types;
    onConfirm(filled);
  };

  return (
    <Modal title="Create a new account?" labelId="confirm-title">
      <form onSubmit={submit}>
        <p>{pending.message}</p>
        <p className="new-account-name">
          <span className="muted">New account:</span> <strong>{pending.account_name}</strong>
        </p>
        {pending.alternatives.length > 0 && (
          <section className="alternatives">
            <h3>Did you mean one of these?</h3>
            <ul>
              {pending.alternatives.map((alternative) => (
                <li key={alternative.account_id}>
                  <button type="button" className="link" onClick={() => onPickAlternative(alternative.account_name)}>
                    {alternative.account_name}
                  </button>{' '}
                  <span className="muted small">
                    #{alternative.account_id} · {Math.round(alternative.score * 100)}% similar
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <button
          type="button"
          className="link"
          aria-expanded={showDetails}
          onClick={() => setShowDetails(!showDetails)}
        >
          {showDetails ? '− Hide details' : '+ Add Details (optional)'}
        </button>
        {showDetails && (
          <fieldset className="details-form">
            <label>
              Industry
              <select value={details.industry ?? ''} onChange={(event) => set('industry')(event.target.value)}>
                <option value="">—</option>
                {INDUSTRIES.map((industry) => (
                  <option key={industry}>{industry}</option>
                ))}
              </select>
            </label>
            <label>
              Location
              <input value={details.location ?? ''} onChange={(event) => set('location')(event.target.value)} placeholder="Austin, TX" />
            </label>
            <label>
              Primary email
              <input
                type="email"
                value={details.primary_email ?? ''}
                onChange={(event) => set('primary_email')(event.target.value)}
                placeholder="contact@company.com"
              />
            </label>
            <label>
              Primary phone
              <input
                type="tel"
                value={details.primary_phone ?? ''}
                onChange={(event) => set('primary_phone')(event.target.value)}
                placeholder="(512) 555-1234"
              />
            </label>
            <div className="checkbox-group" role="group" aria-label="Insurance types">
              <span>Insurance types</span>
              {INSURANCE_TYPES.map((type) => (
                <label key={type} className="checkbox">
                  <input
                    type="checkbox"
                    checked={types.includes(type)}
                    onChange={(event) =>
                      setTypes(event.target.checked ? [...types, type] : types.filter((item) => item !== type))
                    }
                  />
                  {type}
                </label>
              ))}
            </div>
            <label>
              Notes
              <textarea value={details.notes ?? ''} onChange={(event) => set('notes')(event.target.value)} rows={3} />
            </label>
          </fieldset>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Create account
          </button>
        </div>
      </form>
    </Modal>
  );
}

// ---- clarification ------------------------------------------------------------------------------

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

// ---- vague update -------------------------------------------------------------------------------

interface VagueUpdateProps {
  pending: PendingVagueUpdateClarification;
  onSubmit: (data: Record<string, string | string[]>) => void;
  onCancel: () => void;
}

function currentText(field: ClarificationField): string {
  const value = field.current_value;
  if (value === undefined || value === null) return '';
  return Array.isArray(value) ? value.join(', ') : value;
}

/** What should change? A form built from the fields Harper sent; at least one must be filled. */
export function VagueUpdateClarificationModal({ pending, onSubmit, onCancel }: VagueUpdateProps) {
  const [values, setValues] = useState<Record<string, string | string[]>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const changed = (): Record<string, string | string[]> => {
    const data: Record<string, string | string[]> = {};
    for (const field of pending.clarification_fields) {
      const value = values[field.id];
      if (value === undefined) continue;
      if (Array.isArray(value)) {
        const current = Array.isArray(field.current_value) ? field.current_value : [];
        const same = value.length === current.length && value.every((item) => current.includes(item));
        if (!same) data[field.id] = value;
      } else if (value.trim() !== '' && value !== field.current_value) {
        data[field.id] = value.trim();
      }
    }
    return data;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = changed();
    if (Object.keys(data).length === 0) {
      setProblem('Fill in at least one field to update.');
      return;
    }
    setProblem(null);
    onSubmit(data);
  };

  return (
    <Modal title={`Update ${pending.account_name}`} labelId="vague-title">
      <form onSubmit={submit} noValidate>
        <p>{pending.message}</p>
        <fieldset className="details-form">
          {pending.clarification_fields.map((field) => (
            <FieldInput
              key={field.id}
              field={field}
              value={values[field.id]}
              onChange={(value) => {
                setValues({ ...values, [field.id]: value });
                setProblem(null);
              }}
            />
          ))}
        </fieldset>
        {problem && (
          <p className="error-text" role="alert">
            {problem}
          </p>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary">
            Apply Update
          </button>
        </div>
      </form>
    </Modal>
  );
}

interface FieldProps {
  field: ClarificationField;
  value: string | string[] | undefined;
  onChange: (value: string | string[]) => void;
}

function FieldInput({ field, value, onChange }: FieldProps) {
  const current = currentText(field);
  const hint = current ? <span className="current-value">Current: {current}</span> : null;
  if (field.type === 'multi-select') {
    const selected = Array.isArray(value)
      ? value
      : Array.isArray(field.current_value)
        ? field.current_value
        : [];
    return (
      <div className="checkbox-group" role="group" aria-label={field.label}>
        <span>{field.label}</span>
        {hint}
        {(field.options ?? []).map((option) => (
          <label key={option} className="checkbox">
            <input
              type="checkbox"
              checked={selected.includes(option)}
              onChange={(event) =>
                onChange(event.target.checked ? [...selected, option] : selected.filter((item) => item !== option))
              }
            />
            {option}
          </label>
        ))}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <label>
      {field.label}
      {hint}
      {field.type === 'select' ? (
        <select value={text} onChange={(event) => onChange(event.target.value)} name={field.id}>
          <option value="">{current ? `— keep ${current} —` : '—'}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea
          name={field.id}
          rows={3}
          value={text}
          placeholder={field.placeholder ?? ''}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          name={field.id}
          value={text}
          placeholder={field.placeholder ?? ''}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </label>
  );
}
