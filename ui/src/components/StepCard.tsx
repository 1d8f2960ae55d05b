import type { ThinkingStep, ToolCallStep, ToolResultStep } from '../types/exploration';
import { fileName } from './paths';

interface Props {
  step: ThinkingStep | ToolCallStep | ToolResultStep;
  onOpenFile: (path: string) => void;
}

function argumentsText(args: Record<string, unknown>): string {
  return Object.entries(args)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value)}`)
    .join(', ');
}

/** One step of an agent's journey as it streams: a thought, a tool call, a tool's result. */
export function StepCard({ step, onOpenFile }: Props) {
  if (step.kind === 'thinking') {
    return (
      <li className="step step-thinking" data-step-id={step.eventId}>
        <span className="step-icon" aria-hidden>✎</span>
        <div>
          <span className="step-label">{step.service ?? 'agent'} thinking</span>
          <p>{step.text}</p>
        </div>
      </li>
    );
  }
  if (step.kind === 'tool_call') {
    return (
      <li className="step step-call" data-step-id={step.eventId}>
        <span className="step-icon" aria-hidden>⚙</span>
        <div>
          <span className="step-label">tool call</span>
          <code className="call">
            {step.tool}({argumentsText(step.arguments ?? {})})
          </code>
        </div>
      </li>
    );
  }
  return (
    <li className={`step step-result${step.ok ? '' : ' failed'}`} data-step-id={step.eventId}>
      <span className="step-icon" aria-hidden>{step.ok ? '✓' : '✗'}</span>
      <div>
        <span className="step-label">{step.tool} result</span>
        {step.summary && <p>{step.summary}</p>}
        {step.files.length > 0 && (
          <ul className="file-chips">
            {step.files.map((file) => (
              <li key={file}>
                <button type="button" className="chip" onClick={() => onOpenFile(file)} title={file}>
                  {fileName(file)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
