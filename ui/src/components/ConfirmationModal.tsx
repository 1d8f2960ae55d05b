import { useState, type FormEvent } from 'react';
import { useVocabulary, type VocabularyState } from '../api/vocabulary';
import type { AccountDetails, PendingConfirmation } from '../types/exploration';
import { Modal } from './Modal';

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
  const [typedLines, setTypedLines] = useState('');
  const vocabulary = useVocabulary();

  const set = (field: keyof AccountDetails) => (value: string) => setDetails({ ...details, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filled: AccountDetails = {};
    for (const [key, value] of Object.entries(details) as [keyof AccountDetails, string][]) {
      if (typeof value === 'string' && value.trim() !== '') (filled as Record<string, string>)[key] = value.trim();
    }
    const lines = vocabulary.status === 'failed' ? splitList(typedLines) : types;
    if (lines.length > 0) filled.insurance_types = lines;
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
            <IndustryChoice vocabulary={vocabulary} value={details.industry ?? ''} onChange={set('industry')} />
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
            {vocabulary.status === 'failed' ? (
              <label>
                Insurance types
                <input value={typedLines} onChange={(event) => setTypedLines(event.target.value)} placeholder="Workers' Compensation, General Liability" />
              </label>
            ) : (
              <div className="checkbox-group" role="group" aria-label="Insurance types" aria-busy={vocabulary.status === 'loading'}>
                <span>Insurance types</span>
                {vocabulary.status === 'loading' && <span className="muted small">Loading the lines of coverage…</span>}
                {lineNames(vocabulary).map((type) => (
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
            )}
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

function lineNames(vocabulary: VocabularyState): string[] {
  return vocabulary.status === 'ready' ? vocabulary.vocabulary.lines.map((line) => line.name) : [];
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

interface IndustryChoiceProps {
  vocabulary: VocabularyState;
  value: string;
  onChange: (value: string) => void;
}

/** The industries Harper writes, as a list; typed in when the list could not be loaded. */
function IndustryChoice({ vocabulary, value, onChange }: IndustryChoiceProps) {
  if (vocabulary.status === 'failed') {
    return (
      <>
        <label>
          Industry
          <input value={value} onChange={(event) => onChange(event.target.value)} placeholder="Childcare Center" />
        </label>
        <p className="muted small">The lists of industries and lines could not be loaded; type them.</p>
      </>
    );
  }
  const industries = vocabulary.status === 'ready' ? vocabulary.vocabulary.industries.map((industry) => industry.name) : [];
  return (
    <label>
      Industry
      <select value={value} onChange={(event) => onChange(event.target.value)} aria-busy={vocabulary.status === 'loading'}>
        <option value="">{vocabulary.status === 'loading' ? 'Loading…' : '—'}</option>
        {industries.map((industry) => (
          <option key={industry}>{industry}</option>
        ))}
      </select>
    </label>
  );
}
