// Responses and steps shaped as the gateway sends them (spec examples, harper_common.messages).
import type {
  AnswerResponse,
  ConfirmationRequired,
  FollowupResponse,
  UpdateResponse,
  VagueUpdateClarification,
} from '../types/exploration';
import type { RunEvent } from '../api/sse';

export const intentEvent: RunEvent = {
  id: 'r1:2',
  kind: 'intent',
  data: {
    kind: 'intent',
    info: { intent: 'search', confidence: 0.9, account_name: 'Maple Avenue Dental', rule: 'question' },
    service: 'starter',
  },
};

export const routingEvent: RunEvent = {
  id: 'r1:3',
  kind: 'routing',
  data: {
    kind: 'routing',
    routed_to: 'search_agent',
    account_id: '29041',
    account_name: 'Maple Avenue Dental',
    skill: { name: 'name-lookup', description: 'Find one account by its company name.' },
    reason: 'a question about one account',
  },
};

export const toolCallEvent: RunEvent = {
  id: 'r1:4',
  kind: 'tool_call',
  data: { kind: 'tool_call', call_id: 'c1', tool: 'read_file', arguments: { path: 'accounts/29041/state.md' } },
};

export const toolResultEvent: RunEvent = {
  id: 'r1:5',
  kind: 'tool_result',
  data: {
    kind: 'tool_result',
    call_id: 'c1',
    tool: 'read_file',
    ok: true,
    summary: 'read 615 bytes',
    files: ['accounts/29041/state.md'],
  },
};

export const answer: AnswerResponse = {
  type: 'success',
  routed_to: 'search_agent',
  request_id: 'r1',
  usage: null,
  budget_used: null,
  message: '',
  answer: 'Maple Avenue Dental is Quoted (see mem/accounts/29041/state.md).',
  citations: ['mem/accounts/29041/state.md', 'mem/accounts/29041/sources/calls/call_1/summary.md'],
  notes: [],
  account_id: '29041',
  account_name: 'Maple Avenue Dental',
};

export const update: UpdateResponse = {
  type: 'success',
  routed_to: 'updater_agent',
  request_id: 'r1',
  usage: null,
  message: 'Updated Maple Avenue Dental: stage: Quoted',
  account_id: '29041',
  account_name: 'Maple Avenue Dental',
  changes: [{ field: 'stage', old_value: 'Quote Pitched', new_value: 'Quoted' }],
  history_entry_id: '2026-01-21T22:39:01.284545Z',
  files_modified: ['mem/accounts/29041/state.md', 'mem/accounts/29041/history.md'],
  qdrant_updated: true,
  new_description: 'Maple Avenue Dental | Stage: Quoted | Insurance: Dental Malpractice',
  state_file_path: 'mem/accounts/29041/state.md',
  history_file_path: 'mem/accounts/29041/history.md',
  previous_history_entry: '2026-01-15T10:00:00Z',
};

export const confirmation: ConfirmationRequired = {
  type: 'confirmation_required',
  request_id: 'r1',
  usage: null,
  message: "I don't have an account for 'New Company LLC'. Would you like me to create a new account?",
  session_id: 'abc-123',
  account_name: 'New Company LLC',
  alternatives: [{ account_id: '11224', account_name: 'New Century Logistics', score: 0.62 }],
  original_query: 'Add a note to New Company LLC',
};

export const vague: VagueUpdateClarification = {
  type: 'vague_update_clarification',
  request_id: 'r1',
  usage: null,
  message: "I need more details to complete this update. Please specify what you'd like to change.",
  session_id: 'xyz-789',
  account_id: '29119',
  account_name: 'Sunny Days Childcare',
  original_query: 'Update Sunny Days Childcare',
  clarification_fields: [
    {
      id: 'stage',
      label: 'Pipeline Stage',
      type: 'select',
      options: ['New Lead', 'Application Received', 'Quoted', 'Bound', 'Closed Won', 'Closed Lost'],
      placeholder: null,
      current_value: 'Quoted',
    },
    {
      id: 'insurance_types',
      label: 'Insurance Types',
      type: 'multi-select',
      options: ["Workers' Compensation", 'General Liability', 'Commercial Auto'],
      placeholder: null,
      current_value: ["Workers' Compensation"],
    },
    {
      id: 'next_step',
      label: 'Next Step',
      type: 'text',
      options: null,
      placeholder: "What's the next action item?",
      current_value: null,
    },
    {
      id: 'note',
      label: 'Add a Note',
      type: 'textarea',
      options: null,
      placeholder: 'Add any notes about this account...',
      current_value: null,
    },
  ],
};

export const followup: FollowupResponse = {
  type: 'success',
  routed_to: 'followup_agent',
  request_id: 'r1',
  usage: null,
  action_id: null,
  message: 'Drafted an email to Maple Avenue Dental for your review',
  account_id: '29041',
  account_name: 'Maple Avenue Dental',
  draft: {
    channel: 'email',
    subject: "Following up on your Workers' Comp quote",
    body: 'Dear Dr. Reed,\n\nI wanted to check in regarding the quote...',
    context_used: ['accounts/29041/state.md'],
    rationale: '48 days since last contact, quote pending decision',
  },
  sent: false,
  recorded: false,
  history_entry_id: null,
  session_id: 'fu-1',
};

export function event(id: string, kind: string, data: unknown): RunEvent {
  return { id, kind, data: data as Record<string, unknown> };
}
