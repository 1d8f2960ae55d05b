// The explorer's types: the spec's names ("TypeScript Types") plus the gateway's wire shapes
// (harper_common.messages.query and .progress, harper_gateway.files).

export type ResponseType =
  | 'success'
  | 'confirmation_required'
  | 'clarification_needed'
  | 'vague_update_clarification'
  | 'error';
export type IntentType = 'search' | 'update' | 'followup' | 'unclear';
export type AgentType = 'search_agent' | 'updater_agent' | 'followup_agent';

export interface StateChange {
  field: string;
  old_value: string | null;
  new_value: string | null;
}

// Rich update details for proof of changes (v3.2)
export interface UpdateDetails {
  account_id: string;
  account_name: string;
  files_modified: string[];
  qdrant_updated: boolean;
  new_description: string;
  state_file_path: string;
  history_file_path: string;
  previous_history_entry: string | null;
}

export interface AccountAlternative {
  account_id: string;
  account_name: string;
  score: number;
}

export interface PendingConfirmation {
  session_id: string;
  message: string;
  account_name: string;
  alternatives: AccountAlternative[];
  original_query: string;
}

export interface PendingClarification {
  message: string;
  reason: string | null;
  suggestions: string[];
  original_query: string;
  session_id: string | null;
}

// Clarification field for vague update forms (v3.7)
export interface ClarificationField {
  id: string;
  label: string;
  type: 'select' | 'multi-select' | 'text' | 'textarea';
  options?: string[] | null;
  placeholder?: string | null;
  current_value?: string | string[] | null;
}

// Pending vague update clarification (v3.7)
export interface PendingVagueUpdateClarification {
  session_id: string;
  message: string;
  account_id: string;
  account_name: string;
  clarification_fields: ClarificationField[];
  original_query: string;
}

// ---- wire: responses -------------------------------------------------------------------------

interface ResponseBase {
  request_id?: string | null;
  message: string;
}

export interface AnswerResponse extends ResponseBase {
  type: 'success';
  routed_to: 'search_agent';
  answer: string;
  citations: string[];
  notes: string[];
  account_id?: string | null;
  account_name?: string | null;
}

export interface UpdateResponse extends ResponseBase {
  type: 'success';
  routed_to: 'updater_agent';
  account_id: string;
  account_name: string;
  changes: StateChange[];
  history_entry_id: string | null;
  files_modified: string[];
  qdrant_updated: boolean;
  new_description: string | null;
  state_file_path: string | null;
  history_file_path: string | null;
  previous_history_entry: string | null;
}

export interface FollowupDraft {
  channel: 'email' | 'call_script' | 'sms';
  subject: string | null;
  body: string;
  context_used: string[];
  rationale: string;
}

/** A follow-up sent in notify-after mode (GET /followup/notices): it went out without review. */
export interface FollowupNotice {
  notice_id: string;
  action_id: string;
  account_id: string;
  account_name: string;
  channel: FollowupDraft['channel'];
  recipient: string | null;
  subject: string | null;
  summary: string;
  sent_at: string;
  recorded: boolean;
}

export interface NoticesPage {
  notices: FollowupNotice[];
  total: number;
}

export interface FollowupResponse extends ResponseBase {
  type: 'success';
  routed_to: 'followup_agent';
  account_id: string;
  account_name: string;
  draft: FollowupDraft | null;
  sent: boolean;
  recorded: boolean;
  history_entry_id: string | null;
  session_id: string | null;
  action_id?: string | null;
}

export interface ConfirmationRequired extends ResponseBase, PendingConfirmation {
  type: 'confirmation_required';
}

export interface ClarificationNeeded extends ResponseBase {
  type: 'clarification_needed';
  reason: string | null;
  suggestions: string[];
  original_query: string;
  session_id: string | null;
}

export interface VagueUpdateClarification extends ResponseBase, PendingVagueUpdateClarification {
  type: 'vague_update_clarification';
}

export interface ErrorResponse extends ResponseBase {
  type: 'error';
  code?: string;
  fix?: string | null;
  service?: string | null;
}

export type SuccessResponse = AnswerResponse | UpdateResponse | FollowupResponse;
export type QueryResponse =
  | SuccessResponse
  | ConfirmationRequired
  | ClarificationNeeded
  | VagueUpdateClarification
  | ErrorResponse;

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

// ---- memory browser ---------------------------------------------------------------------------

export interface TreeNode {
  name: string;
  path: string;
  type: 'directory' | 'file';
  size?: number | null;
  children?: TreeNode[] | null;
  has_children: boolean;
}

export interface TreePage {
  root: TreeNode;
  total_accounts: number;
  offset: number;
  limit: number;
}

export interface FileContent {
  path: string;
  content: string;
  size: number;
  truncated: boolean;
}

/** New-account details the confirmation form may add (POST /confirm). */
export interface AccountDetails {
  industry?: string;
  location?: string;
  primary_email?: string;
  primary_phone?: string;
  insurance_types?: string[];
  notes?: string;
}
