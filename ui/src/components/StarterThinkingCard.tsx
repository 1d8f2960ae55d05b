import { useState } from 'react';
import type { AgentType, IntentStep, RoutingStep } from '../types/exploration';

const AGENTS: { id: AgentType; label: string }[] = [
  { id: 'search_agent', label: 'Search Agent' },
  { id: 'updater_agent', label: 'Updater Agent' },
  { id: 'followup_agent', label: 'Follow-Up Agent' },
];

interface Props {
  intent?: IntentStep;
  routing?: RoutingStep;
  /** Still deciding: missing parts show as pending rather than absent. */
  running?: boolean;
  /** The agent that answered, when no routing step said so (e.g. after a confirmation). */
  routedTo?: AgentType;
}

/** The starter's decision: intent and confidence, the account it found, the route and the skill. */
export function StarterThinkingCard({ intent, routing, running = false, routedTo }: Props) {
  const [expanded, setExpanded] = useState(false);
  const info = intent?.info;
  const selected = routing?.routed_to ?? routedTo;
  const confidence = info ? Math.round(info.confidence * 100) : null;
  return (
    <article className="card thinking-card" aria-label="Starter Agent thinking">
      <header>
        <span className="card-kicker">Starter Agent</span>
        <h3>Thinking</h3>
      </header>
      <dl className="facts">
        <dt>Intent</dt>
        <dd>
          {info ? (
            <>
              <span className={`badge intent-${info.intent}`} data-testid="intent">
                {info.intent}
              </span>
              <span className="confidence" aria-label="confidence">
                <span className="bar">
                  <span style={{ width: `${confidence}%` }} />
                </span>
                {confidence}%
              </span>
              {info.rule && <small className="muted"> {info.rule}</small>}
            </>
          ) : (
            <span className="muted">{running ? 'classifying…' : 'not classified'}</span>
          )}
        </dd>
        <dt>Account</dt>
        <dd data-testid="extracted-account">
          {info?.account_name ? <q>{info.account_name}</q> : <span className="muted">none named</span>}
          {routing?.account_name && (
            <>
              {' → '}
              <strong>{routing.account_name}</strong>
              {routing.account_id && <span className="muted"> ({routing.account_id})</span>}
            </>
          )}
        </dd>
        <dt>Routing</dt>
        <dd>
          <span className="agents" role="list">
            {AGENTS.map((agent) => (
              <span
                key={agent.id}
                role="listitem"
                className={`agent${selected === agent.id ? ' selected' : ''}`}
                aria-current={selected === agent.id ? 'true' : undefined}
              >
                {agent.label}
              </span>
            ))}
          </span>
          {routing?.reason && <div className="muted small">{routing.reason}</div>}
          {!selected && !running && <div className="muted small">the Starter Agent answered itself</div>}
        </dd>
        <dt>Skill</dt>
        <dd data-testid="skill">
          {routing?.skill ? (
            <>
              <code>{routing.skill.name}</code>
              {routing.skill.description && (
                <div
                  className={`muted small skill-description${expanded ? ' expanded' : ''}`}
                  title={expanded ? undefined : 'Show all'}
                  onClick={() => setExpanded(!expanded)}
                >
                  {routing.skill.description}
                </div>
              )}
            </>
          ) : (
            <span className="muted">{routing || !running ? 'no skill loaded' : '…'}</span>
          )}
        </dd>
      </dl>
    </article>
  );
}
