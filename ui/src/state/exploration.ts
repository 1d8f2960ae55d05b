// The explorer's state machine (spec, "UI State Machine"):
//
//   idle -> running -> (intent, routing, thinking, tool_call, tool_result ...) ->
//   completed | error | awaiting_confirmation | awaiting_clarification |
//   awaiting_vague_update_clarification -> (the broker answers) -> running -> completed
//
// A pure reducer: every transition is a function of the state and one action.
import {
  STEP_KINDS,
  type ExplorationState,
  type ExplorationStep,
  type QueryResponse,
} from '../types/exploration';
import type { RunEvent } from '../api/sse';

export type ExplorationAction =
  | { type: 'start'; query: string }
  | { type: 'event'; event: RunEvent }
  | { type: 'reconnecting'; reconnecting: boolean }
  | { type: 'answering' }
  | { type: 'response'; response: QueryResponse; cancelled?: boolean; followupDecision?: 'approved' | 'rejected' }
  | { type: 'failed'; message: string }
  | { type: 'stopped' }
  | { type: 'dismiss' };

export const initialExploration: ExplorationState = { status: 'idle', query: '', steps: [] };

const RESPONSE_EVENTS = new Set([
  'answer',
  'changes',
  'followup',
  'confirmation_required',
  'clarification_needed',
  'vague_update_clarification',
]);

/** Outcome fields cleared when a new answer arrives. */
function withoutOutcome(state: ExplorationState): ExplorationState {
  return {
    ...state,
    changes: undefined,
    historyEntryId: undefined,
    updateDetails: undefined,
    pendingConfirmation: undefined,
    pendingClarification: undefined,
    pendingVagueUpdateClarification: undefined,
    answer: undefined,
    followup: undefined,
    followupDecision: undefined,
    notice: undefined,
    error: undefined,
    reconnecting: false,
  };
}

export function explorationReducer(state: ExplorationState, action: ExplorationAction): ExplorationState {
  switch (action.type) {
    case 'start':
      return { status: 'running', query: action.query, steps: [] };
    case 'event':
      return onEvent(state, action.event);
    case 'reconnecting':
      return { ...state, reconnecting: action.reconnecting };
    case 'answering':
      return { ...withoutOutcome(state), status: 'running' };
    case 'response':
      return {
        ...applyResponse(state, action.response, action.cancelled ?? false),
        followupDecision: action.followupDecision,
      };
    case 'failed':
      return { ...withoutOutcome(state), status: 'error', error: { message: action.message } };
    case 'stopped':
      return state.status === 'running'
        ? { ...withoutOutcome(state), status: 'error', error: { message: 'Stopped before Harper answered.', code: 'stopped' } }
        : state;
    case 'dismiss':
      return {
        ...withoutOutcome(state),
        status: 'completed',
        notice: 'Dismissed: nothing was asked or changed.',
      };
  }
}

function onEvent(state: ExplorationState, event: RunEvent): ExplorationState {
  if (state.status !== 'running') return state;
  if (event.kind === 'accepted') {
    const requestId = typeof event.data.request_id === 'string' ? event.data.request_id : state.requestId;
    return { ...state, requestId };
  }
  if ((STEP_KINDS as readonly string[]).includes(event.kind)) {
    if (state.steps.some((step) => step.eventId === event.id)) return state;
    const step = { ...event.data, kind: event.kind, eventId: event.id } as ExplorationStep;
    const routedTo = step.kind === 'routing' && step.routed_to !== null ? step.routed_to : state.routedTo;
    return { ...state, steps: [...state.steps, step], routedTo };
  }
  if (RESPONSE_EVENTS.has(event.kind)) {
    return applyResponse(state, event.data as unknown as QueryResponse, false);
  }
  if (event.kind === 'error') {
    const data = event.data;
    return {
      ...withoutOutcome(state),
      status: 'error',
      error: {
        message: typeof data.message === 'string' ? data.message : 'Harper could not answer.',
        code: typeof data.code === 'string' ? data.code : undefined,
        fix: typeof data.fix === 'string' ? data.fix : null,
      },
    };
  }
  return state; // 'done' and unknown kinds change nothing
}

export function applyResponse(state: ExplorationState, response: QueryResponse, cancelled: boolean): ExplorationState {
  const base = withoutOutcome(state);
  switch (response.type) {
    case 'success':
      if (response.routed_to === 'updater_agent') {
        return {
          ...base,
          status: 'completed',
          routedTo: 'updater_agent',
          changes: response.changes,
          historyEntryId: response.history_entry_id ?? undefined,
          notice: response.message,
          updateDetails: {
            account_id: response.account_id,
            account_name: response.account_name,
            files_modified: response.files_modified,
            qdrant_updated: response.qdrant_updated,
            new_description: response.new_description ?? '',
            state_file_path: response.state_file_path ?? '',
            history_file_path: response.history_file_path ?? '',
            previous_history_entry: response.previous_history_entry,
          },
        };
      }
      if (response.routed_to === 'followup_agent') {
        return { ...base, status: 'completed', routedTo: 'followup_agent', followup: response };
      }
      return { ...base, status: 'completed', routedTo: 'search_agent', answer: response };
    case 'confirmation_required':
      return {
        ...base,
        status: 'awaiting_confirmation',
        pendingConfirmation: {
          session_id: response.session_id,
          message: response.message,
          account_name: response.account_name,
          alternatives: response.alternatives ?? [],
          original_query: response.original_query,
        },
      };
    case 'clarification_needed':
      if (cancelled) return { ...base, status: 'completed', notice: response.message };
      return {
        ...base,
        status: 'awaiting_clarification',
        pendingClarification: {
          message: response.message,
          reason: response.reason ?? null,
          suggestions: response.suggestions ?? [],
          original_query: response.original_query,
          session_id: response.session_id ?? null,
        },
      };
    case 'vague_update_clarification':
      return {
        ...base,
        status: 'awaiting_vague_update_clarification',
        pendingVagueUpdateClarification: {
          session_id: response.session_id,
          message: response.message,
          account_id: response.account_id,
          account_name: response.account_name,
          clarification_fields: response.clarification_fields,
          original_query: response.original_query,
        },
      };
    case 'error':
      return {
        ...base,
        status: 'error',
        error: { message: response.message, code: response.code, fix: response.fix ?? null },
      };
  }
}
