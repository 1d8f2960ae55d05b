import { useEffect, useRef } from 'react';
import type { ExplorationState, IntentStep, RoutingStep } from '../types/exploration';
import { FollowupDraftCard } from './FollowupDraftCard';
import { StepCard } from './StepCard';
import { UpdateResultCard } from './UpdateResultCard';
import { StarterThinkingCard } from './StarterThinkingCard';

const AGENT_LABELS: Record<string, string> = {
  search_agent: 'Search Agent',
  updater_agent: 'Updater Agent',
  followup_agent: 'Follow-Up Agent',
};

const STATUS_LABELS: Record<ExplorationState['status'], string> = {
  idle: 'idle',
  running: 'running',
  completed: 'completed',
  error: 'error',
  awaiting_confirmation: 'awaiting confirmation',
  awaiting_clarification: 'awaiting clarification',
  awaiting_vague_update_clarification: 'awaiting update details',
};

interface Props {
  state: ExplorationState;
  onOpenFile: (path: string) => void;
  onAnswerFollowup: (approved: boolean) => void;
}

/** The agent journey as it streams, then the outcome: update proof, follow-up draft or error. */
export function ToolPanel({ state, onOpenFile, onAnswerFollowup }: Props) {
  // When the run settles, bring its outcome (update proof, draft, error) into view.
  const outcome = useRef<HTMLDivElement>(null);
  const settled = state.status !== 'running' && state.status !== 'idle';
  useEffect(() => {
    if (settled) outcome.current?.scrollIntoView?.({ block: 'start' });
  }, [settled, state.updateDetails, state.followup, state.error]);

  const intent = state.steps.find((step): step is IntentStep => step.kind === 'intent');
  const routing = state.steps.find((step): step is RoutingStep => step.kind === 'routing');
  const agentSteps = state.steps.filter(
    (step) => step.kind === 'thinking' || step.kind === 'tool_call' || step.kind === 'tool_result',
  );
  return (
    <section className="tool-panel" aria-label="Agent journey">
      <header className="panel-header">
        <h2 className="panel-title">Agent journey</h2>
        <span className={`status status-${state.status}`} data-testid="status" data-status={state.status}>
          {STATUS_LABELS[state.status]}
        </span>
        {state.routedTo && (
          <span className="routed-to" data-testid="routed-to">
            → {AGENT_LABELS[state.routedTo]}
          </span>
        )}
        {state.reconnecting && <span className="badge warn">reconnecting…</span>}
      </header>
      {state.status === 'idle' ? (
        <p className="empty">Ask a question or pick a sample query to watch the agents work.</p>
      ) : (
        <>
          <p className="asked">
            <span className="muted">You asked:</span> {state.query}
          </p>
          {(intent || routing || state.status === 'running') && (
            <StarterThinkingCard intent={intent} routing={routing} running={state.status === 'running'} routedTo={state.routedTo} />
          )}
          {agentSteps.length > 0 && (
            <ol className="steps" aria-label="Agent steps">
              {agentSteps.map((step) => (
                <StepCard key={step.eventId} step={step} onOpenFile={onOpenFile} />
              ))}
            </ol>
          )}
          {state.status === 'running' && (
            <p className="working" role="status">
              <span className="spinner" aria-hidden /> working…
            </p>
          )}
          <div ref={outcome} className="outcome">
          {state.updateDetails && (
            <UpdateResultCard
              changes={state.changes ?? []}
              details={state.updateDetails}
              historyEntryId={state.historyEntryId}
              message={state.notice}
              onOpenFile={onOpenFile}
            />
          )}
          {state.followup && (
            <FollowupDraftCard
              followup={state.followup}
              decision={state.followupDecision}
              busy={false}
              onAnswer={onAnswerFollowup}
              onOpenFile={onOpenFile}
            />
          )}
          {state.notice && !state.updateDetails && (
            <p className="notice" role="status">
              {state.notice}
            </p>
          )}
          {state.error && (
            <div className="error-box" role="alert">
              <strong>{state.error.code === 'stopped' ? 'Stopped' : 'Harper could not finish this'}</strong>
              <p>{state.error.message}</p>
              {state.error.fix && <p className="muted small">{state.error.fix}</p>}
            </div>
          )}
          </div>
        </>
      )}
    </section>
  );
}
