import { useState, type FormEvent } from 'react';
import type { ClarificationField, PendingVagueUpdateClarification } from '../types/exploration';
import { Modal } from './Modal';

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
