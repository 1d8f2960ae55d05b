import type { StateChange, UpdateDetails } from '../types/exploration';
import { fileName } from './paths';

interface Props {
  message?: string;
  changes: StateChange[];
  details: UpdateDetails;
  historyEntryId?: string;
  onOpenFile: (path: string) => void;
}

/** Proof of an update: each change, the files written, the index, the description, the chain. */
export function UpdateResultCard({ message, changes, details, historyEntryId, onOpenFile }: Props) {
  return (
    <article className="card update-card" aria-label="Update result">
      <header>
        <span className="card-kicker">Updater Agent</span>
        <h3>
          {details.account_name} <span className="muted">#{details.account_id}</span>
        </h3>
        {message && <p className="muted small">{message}</p>}
      </header>
      <section>
        <h4>State changes</h4>
        {changes.length === 0 ? (
          <p className="muted">No field changed.</p>
        ) : (
          <table className="changes">
            <tbody>
              {changes.map((change, index) => (
                <tr key={`${change.field}-${index}`}>
                  <th scope="row">{change.field}</th>
                  <td>
                    {change.old_value ? <del className="old-value">{change.old_value}</del> : <span className="muted">—</span>}
                  </td>
                  <td aria-hidden>→</td>
                  <td>
                    <ins className="new-value">{change.new_value ?? ''}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section>
        <h4>Files modified</h4>
        <ul className="files-modified">
          {details.files_modified.map((file) => (
            <li key={file}>
              <span className="check" aria-hidden>✓</span>
              <button type="button" className="link" onClick={() => onOpenFile(file)}>
                {file}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="index-status">
        <h4>Index</h4>
        {details.qdrant_updated ? (
          <span className="badge ok">✓ description re-indexed</span>
        ) : (
          <span className="badge warn">index not updated yet</span>
        )}
      </section>
      {details.new_description && (
        <details className="new-description">
          <summary>New description</summary>
          <p>{details.new_description}</p>
        </details>
      )}
      <section className="history-chain">
        <h4>History chain</h4>
        <span>
          {details.previous_history_entry ? (
            <button type="button" className="link" onClick={() => details.history_file_path && onOpenFile(details.history_file_path)}>
              {details.previous_history_entry}
            </button>
          ) : (
            <span className="muted">(first entry)</span>
          )}
          {' → '}
          <button
            type="button"
            className="link strong"
            disabled={!details.history_file_path}
            onClick={() => details.history_file_path && onOpenFile(details.history_file_path)}
            title={details.history_file_path ? fileName(details.history_file_path) : undefined}
          >
            {historyEntryId ?? 'new entry'}
          </button>
        </span>
      </section>
    </article>
  );
}
