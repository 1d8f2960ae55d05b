import { describe, expect, it } from 'vitest';
import { answer, confirmation, event, intentEvent, routingEvent, toolCallEvent, update, vague } from '../test/fixtures';
import { explorationReducer as reduce, initialExploration } from './exploration';
import type { ExplorationState } from '../types/exploration';

const running = (): ExplorationState => reduce(initialExploration, { type: 'start', query: 'What stage is Maple Avenue Dental at?' });

describe('the exploration state machine', () => {
  it('goes idle -> running -> completed with the steps in order and the answer', () => {
    let state = running();
    expect(state.status).toBe('running');
    state = reduce(state, { type: 'event', event: event('r1:1', 'accepted', { request_id: 'r1' }) });
    for (const step of [intentEvent, routingEvent, toolCallEvent]) state = reduce(state, { type: 'event', event: step });
    expect(state.requestId).toBe('r1');
    expect(state.steps.map((step) => step.kind)).toEqual(['intent', 'routing', 'tool_call']);
    expect(state.routedTo).toBe('search_agent');
    state = reduce(state, { type: 'event', event: event('r1:6', 'answer', answer) });
    expect(state.status).toBe('completed');
    expect(state.answer?.citations).toHaveLength(2);
    state = reduce(state, { type: 'event', event: event('r1:7', 'done', { type: 'success' }) });
    expect(state.status).toBe('completed');
  });

  it('ignores a step it already has', () => {
    let state = reduce(running(), { type: 'event', event: intentEvent });
    state = reduce(state, { type: 'event', event: intentEvent });
    expect(state.steps).toHaveLength(1);
  });

  it('waits for confirmation, then runs the answer to completion with the update proof', () => {
    let state = reduce(running(), { type: 'event', event: event('r1:3', 'confirmation_required', confirmation) });
    expect(state.status).toBe('awaiting_confirmation');
    expect(state.pendingConfirmation).toMatchObject({ session_id: 'abc-123', account_name: 'New Company LLC' });
    state = reduce(state, { type: 'answering' });
    expect(state.status).toBe('running');
    expect(state.pendingConfirmation).toBeUndefined();
    state = reduce(state, { type: 'response', response: update });
    expect(state.status).toBe('completed');
    expect(state.changes).toEqual(update.changes);
    expect(state.historyEntryId).toBe(update.history_entry_id);
    expect(state.updateDetails).toMatchObject({
      account_id: '29041',
      qdrant_updated: true,
      previous_history_entry: '2026-01-15T10:00:00Z',
      history_file_path: 'mem/accounts/29041/history.md',
    });
  });

  it('asks for the vague-update form', () => {
    const state = reduce(running(), { type: 'event', event: event('r1:4', 'vague_update_clarification', vague) });
    expect(state.status).toBe('awaiting_vague_update_clarification');
    expect(state.pendingVagueUpdateClarification?.clarification_fields.map((field) => field.id)).toEqual([
      'stage',
      'insurance_types',
      'next_step',
      'note',
    ]);
  });

  it('asks for clarification, but a cancelled confirmation just completes with its message', () => {
    const clarification = {
      type: 'clarification_needed' as const,
      request_id: 'r1',
      usage: null,
      message: 'Which account are you asking about?',
      reason: 'Query requires specific account',
      suggestions: ['What did [account name] say in the call?'],
      original_query: 'What did the customer say in the call?',
      session_id: 's1',
    };
    const asked = reduce(running(), { type: 'event', event: event('r1:3', 'clarification_needed', clarification) });
    expect(asked.status).toBe('awaiting_clarification');
    expect(asked.pendingClarification?.session_id).toBe('s1');
    const cancelled = reduce(asked, {
      type: 'response',
      response: { ...clarification, message: 'Cancelled: nothing was changed.', suggestions: [] },
      cancelled: true,
    });
    expect(cancelled.status).toBe('completed');
    expect(cancelled.notice).toBe('Cancelled: nothing was changed.');
  });

  it('ends in error with the message, code and fix of an error event', () => {
    const state = reduce(running(), {
      type: 'event',
      event: event('r1:4', 'error', { type: 'error', message: 'The search agent is down.', code: 'unavailable', fix: 'Start it.' }),
    });
    expect(state.status).toBe('error');
    expect(state.error).toEqual({ message: 'The search agent is down.', code: 'unavailable', fix: 'Start it.' });
  });

  it('stops a running query, and ignores events that arrive after', () => {
    const stopped = reduce(reduce(running(), { type: 'event', event: intentEvent }), { type: 'stopped' });
    expect(stopped.status).toBe('error');
    expect(stopped.error?.code).toBe('stopped');
    expect(reduce(stopped, { type: 'event', event: routingEvent })).toBe(stopped);
  });

  it('starts each query afresh', () => {
    const done = reduce(running(), { type: 'event', event: event('r1:6', 'answer', answer) });
    const next = reduce(done, { type: 'start', query: 'Update Sunny Days Childcare' });
    expect(next).toEqual({ status: 'running', query: 'Update Sunny Days Childcare', steps: [] });
  });
});
