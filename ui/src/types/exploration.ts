// The explorer's types. What the gateway's HTTP API sends is generated from its OpenAPI document
// (api.gen.ts, `npm run gen:api`) and only named here; the progress steps of the event stream
// (harper_common.messages.progress, not in the OpenAPI document) and the UI's own state are
// written by hand.
import type { components, paths } from './api.gen';

type Schemas = components['schemas'];

// ---- wire: responses (generated) -------------------------------------------------------------

/** What /query, /confirm and /search answer: a union on `type` (successes on `routed_to`). */
export type QueryResponse = paths['/query']['post']['responses'][200]['content']['application/json'];
export type SuccessResponse = Schemas['SuccessResponse'];
export type AnswerResponse = Schemas['AnswerResponse'];
export type UpdateResponse = Schemas['UpdateResponse'];
export type FollowupResponse = Schemas['FollowupResponse'];
export type ConfirmationRequired = Schemas['ConfirmationRequired'];
export type ClarificationNeeded = Schemas['ClarificationNeeded'];
export type VagueUpdateClarification = Schemas['VagueUpdateClarification'];
export type ErrorResponse = Schemas['ErrorResponse'];

export type ResponseType = QueryResponse['type'];
export type AgentType = SuccessResponse['routed_to'];
export type StateChange = Schemas['StateChange'];
export type AccountAlternative = Schemas['AccountAlternative'];
export type ClarificationField = Schemas['ClarificationField'];
export type FollowupDraft = Schemas['FollowupDraft'];
/** A follow-up sent in notify-after mode (GET /followup/notices): it went out without review. */
export type FollowupNotice = Schemas['FollowupNotice'];
export type NoticesPage = Schemas['FollowupNoticesReply'];

// memory browser (GET /tree, GET /file)
export type TreeNode = Schemas['TreeNode'];
export type TreePage = Schemas['TreePage'];
export type FileContent = Schemas['FileContent'];

/** New-account details the confirmation form may add (POST /confirm). */
export type AccountDetails = Pick<
  Schemas['ConfirmBody'],
  'industry' | 'location' | 'primary_email' | 'primary_phone' | 'insurance_types' | 'notes'
>;

// ---- what the explorer keeps of a response ---------------------------------------------------

/** The proof of an update the result card shows (spec v3.2). */
export type UpdateDetails = Pick<
  UpdateResponse,
  | 'account_id'
  | 'account_name'
  | 'files_modified'
  | 'qdrant_updated'
  | 'new_description'
  | 'state_file_path'
  | 'history_file_path'
  | 'previous_history_entry'
>;

export type PendingConfirmation = Pick<
  ConfirmationRequired,
  'session_id' | 'message' | 'account_name' | 'alternatives' | 'original_query'
>;

export type PendingClarification = Pick<
  ClarificationNeeded,
  'message' | 'reason' | 'suggestions' | 'original_query' | 'session_id'
>;

/** A vague update's clarification form (spec v3.7). */
export type PendingVagueUpdateClarification = Pick<
  VagueUpdateClarification,
  | 'session_id'
  | 'message'
  | 'account_id'
  | 'account_name'
  | 'clarification_fields'
  | 'original_query'
>;

export type IntentType = 'search' | 'update' | 'followup' | 'unclear';

// ---- wire: progress steps (SSE events intent, routing, thinking, tool_call, tool_result) -----

export interface IntentInfo {
  intent: IntentType;
  confidence: number;
  account_name: string | null;
  requires_specific_account?: boolean;
  cross_account?: boolean;
  rule?: string;
}

export interface SkillInfo {
  name: string;
  description: string;
}

interface StepBase {
  /** The SSE event id (<request id>:<n>): unique within a run. */
  eventId: string;
  service?: string;
  at?: string;
}

export interface IntentStep extends StepBase {
  kind: 'intent';
  info: IntentInfo;
}

export interface RoutingStep extends StepBase {
  kind: 'routing';
  routed_to: AgentType | null;
  account_id: string | null;
  account_name: string | null;
  skill: SkillInfo | null;
  reason: string;
}

export interface ThinkingStep extends StepBase {
  kind: 'thinking';
  text: string;
}

export interface ToolCallStep extends StepBase {
  kind: 'tool_call';
  call_id: string;
  tool: string;
  arguments: Record<string, unknown>;
}

export interface ToolResultStep extends StepBase {
  kind: 'tool_result';
  call_id: string;
  tool: string;
  ok: boolean;
  summary: string;
  files: string[];
}

export type ExplorationStep = IntentStep | RoutingStep | ThinkingStep | ToolCallStep | ToolResultStep;
export const STEP_KINDS: ReadonlyArray<ExplorationStep['kind']> = [
  'intent',
  'routing',
  'thinking',
  'tool_call',
  'tool_result',
];

/** The SSE event names of final responses (harper_gateway.runs.final_event_kind). */
export const FINAL_RESPONSE_EVENTS = [
  'answer',
  'changes',
  'followup',
  'confirmation_required',
  'clarification_needed',
  'vague_update_clarification',
  'error',
] as const;

// ---- state ------------------------------------------------------------------------------------

export type ExplorationStatus =
  | 'idle'
  | 'running'
  | 'completed'
  | 'error'
  | 'awaiting_confirmation'
  | 'awaiting_clarification'
  | 'awaiting_vague_update_clarification';

export interface ExplorationError {
  message: string;
  code?: string;
  fix?: string | null;
}

export interface ExplorationState {
  status: ExplorationStatus;
  query: string;
  steps: ExplorationStep[];
  requestId?: string;
  routedTo?: AgentType;
  changes?: StateChange[];
  historyEntryId?: string;
  updateDetails?: UpdateDetails; // Rich proof of updates (v3.2)
  pendingConfirmation?: PendingConfirmation;
  pendingClarification?: PendingClarification;
  pendingVagueUpdateClarification?: PendingVagueUpdateClarification; // v3.7
  answer?: AnswerResponse;
  followup?: FollowupResponse;
  /** The broker's answer to the follow-up draft under review, once given. */
  followupDecision?: 'approved' | 'rejected';
  /** A plain outcome message: an account created, a draft rejected, a form cancelled. */
  notice?: string;
  error?: ExplorationError;
  /** True while a dropped stream is being resumed. */
  reconnecting?: boolean;
}
