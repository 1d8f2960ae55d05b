import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearCache, getFile, postConfirm } from '../api/client';
import { useExploration } from '../state/useExploration';
import { useHealth } from '../state/useHealth';
import { ClarificationModal } from './ClarificationModal';
import { ConfirmationModal } from './ConfirmationModal';
import { FilePreview, type OpenFile } from './FilePreview';
import { FileTree } from './FileTree';
import { memoryPath } from './paths';
import { QueryInput } from './QueryInput';
import { QuerySelector } from './QuerySelector';
import { SentNotices } from './SentNotices';
import { ToolPanel } from './ToolPanel';
import { VagueUpdateClarificationModal } from './VagueUpdateClarificationModal';

/** The explorer: header, sample queries and memory tree, agent journey, answer and file preview. */
export function ExplorerLayout() {
  const exploration = useExploration();
  const { state } = exploration;
  const [preset, setPreset] = useState<{ text: string; serial: number } | null>(null);
  const [file, setFile] = useState<OpenFile | null>(null);
  const health = useHealth();
  const [treeKey, setTreeKey] = useState(0);
  const fileRequest = useRef(0);

  // After an update or a new account the memory changed: reload the tree.
  useEffect(() => {
    if (state.updateDetails || state.followup?.recorded) setTreeKey((key) => key + 1);
  }, [state.updateDetails, state.followup?.recorded]);

  // A new question starts with a clean preview; an update opens the state file it wrote.
  useEffect(() => {
    if (state.status === 'running' && state.steps.length === 0) setFile(null);
  }, [state.status, state.steps.length]);

  const ask = useCallback(
    (query: string, sessionId: string | null = null) => {
      setPreset((previous) => ({ text: query, serial: (previous?.serial ?? 0) + 1 }));
      exploration.submit(query, sessionId);
    },
    [exploration],
  );

  const openFile = useCallback((path: string) => {
    const relative = memoryPath(path);
    const serial = ++fileRequest.current;
    setFile({ path: relative, loading: true });
    getFile(relative).then(
      (content) => serial === fileRequest.current && setFile({ path: relative, loading: false, content }),
      (error: unknown) =>
        serial === fileRequest.current &&
        setFile({ path: relative, loading: false, error: error instanceof Error ? error.message : String(error) }),
    );
  }, []);

  const updatedState = state.updateDetails?.state_file_path;
  useEffect(() => {
    if (updatedState) openFile(updatedState);
  }, [updatedState, openFile]);

  const touched = useMemo(() => {
    const paths = new Set<string>();
    for (const step of state.steps) if (step.kind === 'tool_result') step.files.forEach((f) => paths.add(memoryPath(f)));
    state.answer?.citations.forEach((f) => paths.add(memoryPath(f)));
    state.updateDetails?.files_modified.forEach((f) => paths.add(memoryPath(f)));
    return paths;
  }, [state.steps, state.answer, state.updateDetails]);

  const running = state.status === 'running';
  return (
    <div className="explorer">
      <header className="app-header">
        <div className="brand">
          <span className="logo" aria-hidden>H</span>
          <div>
            <h1>Harper</h1>
            <span className="muted small">account memory explorer</span>
          </div>
        </div>
        <div className="header-right">
          <SentNotices refreshKey={treeKey} onOpenFile={openFile} />
          <span className={`health ${health === null ? '' : health.ok ? 'ok' : 'down'}`} data-testid="health">
            {health === null ? 'checking…' : health.ok ? `ready · ${health.accounts_indexed} accounts indexed` : 'not ready'}
          </span>
          <button type="button" className="button small" onClick={() => clearCache().catch(() => undefined)}>
            Clear cache
          </button>
        </div>
      </header>
      <div className="query-bar">
        <QueryInput running={running} preset={preset} onSubmit={(query) => ask(query)} onStop={exploration.stop} />
      </div>
      <main className="panels">
        <aside className="left">
          <QuerySelector disabled={running} onPick={(query) => ask(query)} />
          <FileTree
            selected={file?.path ?? null}
            touched={touched}
            onOpenFile={openFile}
            refreshKey={treeKey}
          />
        </aside>
        <ToolPanel state={state} onOpenFile={openFile} onAnswerFollowup={exploration.answerFollowup} />
        <FilePreview answer={state.answer} file={file} onOpenFile={openFile} onCloseFile={() => setFile(null)} />
      </main>
      {state.status === 'awaiting_confirmation' && state.pendingConfirmation && (
        <ConfirmationModal
          pending={state.pendingConfirmation}
          onConfirm={(details) => exploration.confirmNewAccount(true, details)}
          onCancel={() => exploration.confirmNewAccount(false)}
          onPickAlternative={(name) => {
            const pending = state.pendingConfirmation!;
            postConfirm({ session_id: pending.session_id, confirmed: false }).catch(() => undefined);
            ask(withAccount(pending.original_query, pending.account_name, name));
          }}
        />
      )}
      {state.status === 'awaiting_clarification' && state.pendingClarification && (
        <ClarificationModal pending={state.pendingClarification} onAsk={ask} onDismiss={exploration.dismiss} />
      )}
      {state.status === 'awaiting_vague_update_clarification' && state.pendingVagueUpdateClarification && (
        <VagueUpdateClarificationModal
          pending={state.pendingVagueUpdateClarification}
          onSubmit={exploration.submitVagueUpdate}
          onCancel={exploration.cancelVagueUpdate}
        />
      )}
    </div>
  );
}

/** The original query about `typed`, now about the existing account `meant`. */
export function withAccount(query: string, typed: string, meant: string): string {
  const at = query.toLowerCase().indexOf(typed.toLowerCase());
  if (at < 0) return `${query} (${meant})`;
  return query.slice(0, at) + meant + query.slice(at + typed.length);
}
