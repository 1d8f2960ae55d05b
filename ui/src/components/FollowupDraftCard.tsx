import type { FollowupResponse } from '../types/exploration';
import { fileName } from './paths';

interface Props {
  followup: FollowupResponse;
  /** The broker's answer, once given: no more buttons. */
  decision?: 'approved' | 'rejected';
  busy: boolean;
  onAnswer: (approved: boolean) => void;
  onOpenFile: (path: string) => void;
}

const CHANNELS: Record<string, string> = { email: 'Email', call_script: 'Call script', sms: 'Text message' };

/** A drafted follow-up; when it awaits review, approve sends it and reject drops it. */
export function FollowupDraftCard({ followup, decision, busy, onAnswer, onOpenFile }: Props) {
  const draft = followup.draft;
  const awaitingReview = Boolean(followup.session_id) && !followup.sent && decision === undefined;
  return (
    <article className="card followup-card" aria-label="Follow-up draft">
      <header>
        <span className="card-kicker">Follow-Up Agent</span>
        <h3>
          {draft ? CHANNELS[draft.channel] ?? draft.channel : 'Follow-up'} for {followup.account_name}
        </h3>
        <p className="muted small">
          {awaitingReview ? 'Review the draft: approve to send it and record it in history, or reject it.' : followup.message}
        </p>
        {awaitingReview && (
          <span className="actions">
            <button type="button" className="button danger" disabled={busy} onClick={() => onAnswer(false)}>
              Reject
            </button>
            <button type="button" className="button primary" disabled={busy} onClick={() => onAnswer(true)}>
              Approve &amp; send
            </button>
          </span>
        )}
      </header>
      {draft && (
        <div className="draft">
          {draft.subject && (
            <div className="draft-subject">
              <span className="muted">Subject:</span> {draft.subject}
            </div>
          )}
          <pre className="draft-body">{draft.body}</pre>
          {draft.rationale && <p className="muted small">Why: {draft.rationale}</p>}
          {draft.context_used.length > 0 && (
            <ul className="file-chips" aria-label="Context used">
              {draft.context_used.map((file) => (
                <li key={file}>
                  <button type="button" className="chip" onClick={() => onOpenFile(file)} title={file}>
                    {fileName(file)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <footer className="followup-status">
        <span className={`badge ${followup.sent ? 'ok' : 'neutral'}`}>{followup.sent ? 'sent' : 'not sent'}</span>
        <span className={`badge ${followup.recorded ? 'ok' : 'neutral'}`}>
          {followup.recorded ? 'recorded in history' : 'not recorded'}
        </span>
        {decision && <span className={`badge ${decision === 'approved' ? 'ok' : 'warn'}`}>{decision}</span>}
        {followup.history_entry_id && <span className="muted small">entry {followup.history_entry_id}</span>}
      </footer>
    </article>
  );
}
