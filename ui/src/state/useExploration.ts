// The explorer's controller: runs queries through /query/stream and answers pending sessions
// through /confirm, feeding the state machine in ./exploration.ts.
import { useCallback, useReducer, useRef } from 'react';
import { postConfirm, type ConfirmBody } from '../api/client';
import { streamQuery } from '../api/sse';
import type { AccountDetails, ExplorationState } from '../types/exploration';
import { explorationReducer, initialExploration } from './exploration';

export interface Exploration {
  state: ExplorationState;
  submit: (query: string, sessionId?: string | null) => void;
  stop: () => void;
  confirmNewAccount: (confirmed: boolean, details?: AccountDetails) => void;
  submitVagueUpdate: (data: Record<string, string | string[]>) => void;
  cancelVagueUpdate: () => void;
  answerFollowup: (approved: boolean) => void;
  dismiss: () => void;
}

export function useExploration(): Exploration {
  const [state, dispatch] = useReducer(explorationReducer, initialExploration);
  const controller = useRef<AbortController | null>(null);

  const fresh = (): AbortSignal => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    return next.signal;
  };

  const submit = useCallback((query: string, sessionId?: string | null) => {
    const text = query.trim();
    if (text === '') return;
    const signal = fresh();
    dispatch({ type: 'start', query: text });
    streamQuery({
      query: text,
      sessionId,
      signal,
      onEvent: (event) => dispatch({ type: 'event', event }),
      onReconnect: (reconnecting) => dispatch({ type: 'reconnecting', reconnecting }),
    }).catch((error: unknown) => {
      if (signal.aborted) return;
      dispatch({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    });
  }, []);

  const stop = useCallback(() => {
    controller.current?.abort();
    dispatch({ type: 'stopped' });
  }, []);

  const confirm = useCallback((body: ConfirmBody, followupDecision?: 'approved' | 'rejected') => {
    const signal = fresh();
    dispatch({ type: 'answering' });
    postConfirm(body, signal)
      .then((response) => dispatch({ type: 'response', response, cancelled: !body.confirmed, followupDecision }))
      .catch((error: unknown) => {
        if (signal.aborted) return;
        dispatch({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
  }, []);

  const confirmNewAccount = useCallback(
    (confirmed: boolean, details: AccountDetails = {}) => {
      const pending = state.pendingConfirmation;
      if (pending === undefined) return;
      confirm({ session_id: pending.session_id, confirmed, ...(confirmed ? details : {}) });
    },
    [confirm, state.pendingConfirmation],
  );

  const submitVagueUpdate = useCallback(
    (data: Record<string, string | string[]>) => {
      const pending = state.pendingVagueUpdateClarification;
      if (pending === undefined) return;
      confirm({ session_id: pending.session_id, confirmed: true, clarification_data: data });
    },
    [confirm, state.pendingVagueUpdateClarification],
  );

  const cancelVagueUpdate = useCallback(() => {
    const pending = state.pendingVagueUpdateClarification;
    if (pending === undefined) return;
    confirm({ session_id: pending.session_id, confirmed: false });
  }, [confirm, state.pendingVagueUpdateClarification]);

  const answerFollowup = useCallback(
    (approved: boolean) => {
      const sessionId = state.followup?.session_id;
      if (!sessionId) return;
      confirm({ session_id: sessionId, confirmed: approved }, approved ? 'approved' : 'rejected');
    },
    [confirm, state.followup],
  );

  const dismiss = useCallback(() => dispatch({ type: 'dismiss' }), []);

  return { state, submit, stop, confirmNewAccount, submitVagueUpdate, cancelVagueUpdate, answerFollowup, dismiss };
}
