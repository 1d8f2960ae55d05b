// Generated from ui/openapi.json by scripts/gen-api.mjs (openapi-typescript): do not edit.
// Regenerate with `npm run gen:api` after `python -m harper_gateway.openapi_file`.

export interface paths {
    "/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Query
         * @description Main entry: the starter classifies, resolves the account and routes.
         */
        post: operations["query_query_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm
         * @description Create the account (or apply the filled form) for a pending session, once.
         */
        post: operations["confirm_confirm_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search
         * @description Straight to the search agent, without the starter's routing.
         */
        post: operations["search_search_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Query Stream */
        post: operations["query_stream_query_stream_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query/stream/{request_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resume Stream */
        get: operations["resume_stream_query_stream__request_id__get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/followup/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pending */
        get: operations["pending_followup_pending_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/followup/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Draft */
        post: operations["draft_followup_draft_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/followup/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Execute */
        post: operations["execute_followup_execute_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/followup/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Batch */
        post: operations["batch_followup_batch_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/followup/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Outbox
         * @description What the follow-up agent sent: emails (over SMTP), texts and call scripts, newest first.
         */
        get: operations["outbox_followup_outbox_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/followup/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notices
         * @description Follow-ups sent in notify-after mode (at once, without review), newest first: what the
         *     broker should know went out.
         */
        get: operations["notices_followup_notices_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health
         * @description 200 only when every service and dependency answers and the accounts are indexed.
         */
        get: operations["health_health_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cache/clear": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cache Clear */
        post: operations["cache_clear_cache_clear_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get Tree
         * @description The memory root as a tree; ``accounts`` is paged (``offset``, ``limit``).
         */
        get: operations["get_tree_tree_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get File
         * @description One file under ``accounts/<id>/``, read only.
         */
        get: operations["get_file_file_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/vocabulary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get Vocabulary
         * @description The stages in pipeline order, the lines in form order, the carriers and industries.
         */
        get: operations["get_vocabulary_vocabulary_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/communications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** File Communication */
        post: operations["file_communication_communications_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/communications/unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Unmatched */
        get: operations["unmatched_communications_unmatched_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List Keys */
        get: operations["list_keys_admin_keys_get"];
        put?: never;
        /** Add Key */
        post: operations["add_key_admin_keys_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/keys/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke Key */
        delete: operations["revoke_key_admin_keys__name__delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Login */
        post: operations["login_auth_login_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Logout */
        post: operations["logout_auth_logout_post"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Me */
        get: operations["me_auth_me_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Metrics
         * @description Prometheus text: this gateway's HTTP and stream figures.
         */
        get: operations["metrics_metrics_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** AccountAlternative */
        AccountAlternative: {
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /** Score */
            score: number;
        };
        /**
         * AnswerResponse
         * @description A question answered from the account memory, with the files that back it.
         */
        AnswerResponse: {
            /**
             * Type
             * @default success
             * @constant
             */
            type: "success";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            routed_to: "search_agent";
            /** Request Id */
            request_id: string | null;
            usage: components["schemas"]["UsageReport"] | null;
            /**
             * Message
             * @default
             */
            message: string;
            /** Answer */
            answer: string;
            /** Citations */
            citations: string[];
            /** Notes */
            notes: string[];
            budget_used: components["schemas"]["BudgetUsed"] | null;
            /** Account Id */
            account_id: string | null;
            /** Account Name */
            account_name: string | null;
        };
        /** BatchBody */
        BatchBody: {
            /**
             * Limit
             * @default 10
             */
            limit?: number;
            /**
             * Dry Run
             * @default true
             */
            dry_run?: boolean;
        };
        /** BudgetUsed */
        BudgetUsed: {
            /**
             * Tool Calls
             * @default 0
             */
            tool_calls: number;
            /**
             * Read File
             * @default 0
             */
            read_file: number;
            /**
             * Search Files
             * @default 0
             */
            search_files: number;
        };
        /** CacheCleared */
        CacheCleared: {
            /**
             * Cleared
             * @default true
             */
            cleared: boolean;
            /** Generation */
            generation: number;
        };
        /**
         * CarrierEntry
         * @description An insurance carrier, with other spellings of its name (case matters: "NEXT").
         */
        CarrierEntry: {
            /** Name */
            name: string;
            /**
             * Also
             * @default []
             */
            also: string[];
            /**
             * Everyday
             * @default false
             */
            everyday: boolean;
        };
        /**
         * Channel
         * @enum {string}
         */
        Channel: "email" | "call" | "sms";
        /** ClarificationField */
        ClarificationField: {
            /** Id */
            id: string;
            /** Label */
            label: string;
            /**
             * Type
             * @enum {string}
             */
            type: "select" | "multi-select" | "text" | "textarea";
            /** Options */
            options: string[] | null;
            /** Placeholder */
            placeholder: string | null;
            /** Current Value */
            current_value: string | string[] | null;
        };
        /** ClarificationNeeded */
        ClarificationNeeded: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "clarification_needed";
            /** Request Id */
            request_id: string | null;
            usage: components["schemas"]["UsageReport"] | null;
            /** Message */
            message: string;
            /** Reason */
            reason: string | null;
            /** Suggestions */
            suggestions: string[];
            /** Original Query */
            original_query: string;
            /** Session Id */
            session_id: string | null;
        };
        /**
         * Communication
         * @description A communication as it arrived, with what identifies its account (``POST /communications``
         *     takes exactly this).
         */
        Communication: {
            channel: components["schemas"]["Channel"];
            /** Raw */
            raw: string;
            /** @default inbound */
            direction?: components["schemas"]["Direction"];
            /** Account Id */
            account_id?: string | null;
            /** Email */
            email?: string | null;
            /** Phone */
            phone?: string | null;
            /** Summary */
            summary?: string | null;
        };
        /**
         * CommunicationFiled
         * @description Filed under an account: where the files went and the history entry that cites them.
         */
        CommunicationFiled: {
            /**
             * Type
             * @default filed
             * @constant
             */
            type: "filed";
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /** Source Id */
            source_id: string;
            /** Source Path */
            source_path: string;
            /** Files Modified */
            files_modified: string[];
            /** History Entry Id */
            history_entry_id: string | null;
            /** Version */
            version: number;
            /**
             * Already Filed
             * @default false
             */
            already_filed: boolean;
            /**
             * Matched By
             * @enum {string}
             */
            matched_by: "account_id" | "email" | "phone";
        };
        /**
         * CommunicationUnmatched
         * @description No account claimed the communication; it is kept in the unmatched queue.
         */
        CommunicationUnmatched: {
            /**
             * Type
             * @default unmatched
             * @constant
             */
            type: "unmatched";
            /** Unmatched Id */
            unmatched_id: string;
            /** Message */
            message: string;
        };
        /** Component */
        Component: {
            /** Ok */
            ok: boolean;
            /**
             * Detail
             * @default
             */
            detail?: string;
        };
        /**
         * ConfirmBody
         * @description The broker's answer to ``confirmation_required`` or ``vague_update_clarification``.
         */
        ConfirmBody: {
            /** Session Id */
            session_id: string;
            /**
             * Confirmed
             * @default true
             */
            confirmed?: boolean;
            /** Industry */
            industry?: string | null;
            /** Location */
            location?: string | null;
            /** Primary Email */
            primary_email?: string | null;
            /** Primary Phone */
            primary_phone?: string | null;
            /** Insurance Types */
            insurance_types?: string[] | null;
            /** Notes */
            notes?: string | null;
            /** Clarification Data */
            clarification_data?: {
                [key: string]: components["schemas"]["JsonValue"];
            } | null;
        };
        /** ConfirmationRequired */
        ConfirmationRequired: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "confirmation_required";
            /** Request Id */
            request_id: string | null;
            usage: components["schemas"]["UsageReport"] | null;
            /** Message */
            message: string;
            /** Session Id */
            session_id: string;
            /** Account Name */
            account_name: string;
            /** Alternatives */
            alternatives: components["schemas"]["AccountAlternative"][];
            /** Original Query */
            original_query: string;
        };
        /**
         * Direction
         * @enum {string}
         */
        Direction: "inbound" | "outbound";
        /** DraftBody */
        DraftBody: {
            /** Account Id */
            account_id: string;
            /** Channel */
            channel?: ("email" | "sms" | "call_script") | null;
            /** Purpose */
            purpose?: string | null;
        };
        /**
         * ErrorCode
         * @description Why a request failed. The gateway maps each to an HTTP status (``http_status``).
         * @enum {string}
         */
        ErrorCode: "bad_request" | "not_found" | "not_implemented" | "unavailable" | "timeout" | "conflict" | "unauthorized" | "forbidden" | "internal";
        /**
         * ErrorResponse
         * @description A failure, with the HTTP status of its ``code``. Its schema requires only ``type``,
         *     ``code`` and ``message``: the gateway's own refusals (a body too large, a request already
         *     being handled) send no more.
         */
        ErrorResponse: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "error";
            /** Request Id */
            request_id?: string | null;
            usage?: components["schemas"]["UsageReport"] | null;
            /** Message */
            message: string;
            /** @default internal */
            code: components["schemas"]["ErrorCode"];
            /** Fix */
            fix?: string | null;
            /** Service */
            service?: string | null;
        };
        /** ExecuteBody */
        ExecuteBody: {
            /** Account Id */
            account_id: string;
            /** Channel */
            channel?: ("email" | "sms" | "call_script") | null;
            /** Purpose */
            purpose?: string | null;
            /**
             * Dry Run
             * @default false
             */
            dry_run?: boolean;
        };
        /** ExecuteResult */
        ExecuteResult: {
            /** Success */
            success: boolean;
            /** Sent */
            sent: boolean;
            /** Recorded */
            recorded: boolean;
            /** Message */
            message: string;
            /** History Entry Id */
            history_entry_id: string | null;
        };
        /** FileContent */
        FileContent: {
            /** Path */
            path: string;
            /** Content */
            content: string;
            /** Size */
            size: number;
            /**
             * Truncated
             * @default false
             */
            truncated?: boolean;
        };
        /** FollowupBatchReply */
        FollowupBatchReply: {
            /** Results */
            results: components["schemas"]["FollowupExecuteReply"][];
            /**
             * Processed
             * @default 0
             */
            processed: number;
            /**
             * Dry Run
             * @default true
             */
            dry_run: boolean;
        };
        /** FollowupDraft */
        FollowupDraft: {
            /**
             * Channel
             * @enum {string}
             */
            channel: "email" | "call_script" | "sms";
            /** Subject */
            subject: string | null;
            /** Body */
            body: string;
            /** Context Used */
            context_used: string[];
            /**
             * Rationale
             * @default
             */
            rationale: string;
        };
        /** FollowupDraftReply */
        FollowupDraftReply: {
            draft: components["schemas"]["FollowupDraft"];
            /** Account Id */
            account_id: string;
            /** Action Id */
            action_id: string | null;
            style: components["schemas"]["StyleProfile"] | null;
        };
        /** FollowupExecuteReply */
        FollowupExecuteReply: {
            result: components["schemas"]["ExecuteResult"];
            draft: components["schemas"]["FollowupDraft"] | null;
            /** Account Id */
            account_id: string;
            /** Action Id */
            action_id: string | null;
        };
        /**
         * FollowupNotice
         * @description A follow-up sent in notify-after mode: it went out at once, and the broker is told.
         */
        FollowupNotice: {
            /** Action Id */
            action_id: string;
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /**
             * Channel
             * @enum {string}
             */
            channel: "email" | "sms" | "call_script";
            /** Recipient */
            recipient: string | null;
            /** Subject */
            subject: string | null;
            /** Notice Id */
            notice_id: string;
            /** Summary */
            summary: string;
            /**
             * Sent At
             * Format: date-time
             */
            sent_at: string;
            /** Recorded */
            recorded: boolean;
        };
        /** FollowupNoticesReply */
        FollowupNoticesReply: {
            /** Notices */
            notices: components["schemas"]["FollowupNotice"][];
            /**
             * Total
             * @default 0
             */
            total: number;
        };
        /** FollowupOutboxReply */
        FollowupOutboxReply: {
            /** Items */
            items: components["schemas"]["OutboxItem"][];
            /**
             * Total
             * @default 0
             */
            total: number;
        };
        /** FollowupPendingReply */
        FollowupPendingReply: {
            /** Accounts */
            accounts: components["schemas"]["PendingAccount"][];
            /**
             * Total
             * @default 0
             */
            total: number;
            filters: components["schemas"]["PendingFilters"];
        };
        /** FollowupResponse */
        FollowupResponse: {
            /**
             * Type
             * @default success
             * @constant
             */
            type: "success";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            routed_to: "followup_agent";
            /** Request Id */
            request_id: string | null;
            usage: components["schemas"]["UsageReport"] | null;
            /** Message */
            message: string;
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            draft: components["schemas"]["FollowupDraft"] | null;
            /**
             * Sent
             * @default false
             */
            sent: boolean;
            /**
             * Recorded
             * @default false
             */
            recorded: boolean;
            /** History Entry Id */
            history_entry_id: string | null;
            /** Session Id */
            session_id: string | null;
            /** Action Id */
            action_id: string | null;
        };
        /** HTTPValidationError */
        HTTPValidationError: {
            /** Detail */
            detail?: components["schemas"]["ValidationError"][];
        };
        /** HealthReport */
        HealthReport: {
            /** Ok */
            ok: boolean;
            /** Status */
            status: string;
            /** Services */
            services?: {
                [key: string]: components["schemas"]["Component"];
            };
            /** Dependencies */
            dependencies?: {
                [key: string]: components["schemas"]["Component"];
            };
            /**
             * Accounts Indexed
             * @default 0
             */
            accounts_indexed?: number;
        };
        /**
         * IndustryEntry
         * @description A kind of business as state.md's ``industry`` holds it, and what brokers call it.
         */
        IndustryEntry: {
            /** Name */
            name: string;
            /**
             * One
             * @default []
             */
            one: string[];
            /**
             * Many
             * @default []
             */
            many: string[];
        };
        JsonValue: unknown;
        /** KeyInfo */
        KeyInfo: {
            /** Name */
            name: string;
            /**
             * Role
             * @enum {string}
             */
            role: "viewer" | "broker" | "admin";
            /**
             * Created At
             * Format: date-time
             */
            created_at: string;
            /** Created By */
            created_by: string | null;
        };
        /** KeyList */
        KeyList: {
            /** Keys */
            keys: components["schemas"]["KeyInfo"][];
        };
        /**
         * LineEntry
         * @description A line of coverage: its full name as Harper writes it, and the words for it.
         */
        LineEntry: {
            /** Name */
            name: string;
            /**
             * Shorthand
             * @default []
             */
            shorthand: string[];
            /**
             * Book Words
             * @default []
             */
            book_words: string[];
            /**
             * When Unqualified
             * @default []
             */
            when_unqualified: string[];
        };
        /** LoginBody */
        LoginBody: {
            /** Key */
            key: string;
        };
        /** NewKey */
        NewKey: {
            /** Name */
            name: string;
            /**
             * Role
             * @enum {string}
             */
            role: "viewer" | "broker" | "admin";
            /** Key */
            key: string;
        };
        /** NewKeyBody */
        NewKeyBody: {
            /**
             * Name
             * @description Who the key is for: a-z 0-9 . _ -
             */
            name: string;
            /**
             * Role
             * @default viewer
             * @enum {string}
             */
            role?: "viewer" | "broker" | "admin";
        };
        /**
         * OutboxItem
         * @description A follow-up that went out: an email handed to the SMTP server, a text, a call script.
         */
        OutboxItem: {
            /** Action Id */
            action_id: string;
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /**
             * Channel
             * @enum {string}
             */
            channel: "email" | "sms" | "call_script";
            /** Recipient */
            recipient: string | null;
            /** Subject */
            subject: string | null;
            /** Body */
            body: string;
            /**
             * Sent At
             * Format: date-time
             */
            sent_at: string;
            /** Message Id */
            message_id: string | null;
        };
        /** PendingAccount */
        PendingAccount: {
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /** Stage */
            stage: string;
            /** Days Since Contact */
            days_since_contact: number | null;
            /**
             * Urgency
             * @enum {string}
             */
            urgency: "critical" | "high" | "normal";
            /**
             * Recommended Channel
             * @enum {string}
             */
            recommended_channel: "email" | "sms" | "call_script";
            /** Next Steps */
            next_steps: string[];
            /** Pending Actions */
            pending_actions: string[];
            /**
             * Awaiting Approval
             * @default false
             */
            awaiting_approval: boolean;
            /** Draft Session Id */
            draft_session_id: string | null;
        };
        /** PendingFilters */
        PendingFilters: {
            /** Stage */
            stage: string | null;
            /** Days Threshold */
            days_threshold: number | null;
        };
        /**
         * Problem
         * @description FastAPI's refusal body: no key or a bad one (401), a role too low (403), too many
         *     requests (429), a key name taken (409) or unknown (404).
         */
        Problem: {
            /** Detail */
            detail: string;
        };
        /** QueryBody */
        QueryBody: {
            /** Query */
            query: string;
            /** Session Id */
            session_id?: string | null;
        };
        /** Revoked */
        Revoked: {
            /** Name */
            name: string;
            /**
             * Revoked
             * @default true
             */
            revoked: boolean;
        };
        /**
         * ServerSentEvent
         * @description One event of a ``/query/stream`` run (keep-alive comments aside).
         */
        ServerSentEvent: {
            /** Id */
            id: string;
            /** Event */
            event: string;
            /** Data */
            data: string;
        };
        /** SignedIn */
        SignedIn: {
            /** Name */
            name: string;
            /**
             * Role
             * @enum {string}
             */
            role: "viewer" | "broker" | "admin";
        };
        /** SignedOut */
        SignedOut: {
            /**
             * Signed Out
             * @default true
             */
            signed_out: boolean;
        };
        /**
         * StageEntry
         * @description A pipeline stage: its canonical name and the aliases people use for it.
         */
        StageEntry: {
            /** Name */
            name: string;
            /**
             * Aliases
             * @default []
             */
            aliases: string[];
        };
        /** StateChange */
        StateChange: {
            /** Field */
            field: string;
            /** Old Value */
            old_value: string | null;
            /** New Value */
            new_value: string | null;
        };
        /**
         * StepUsage
         * @description One step of a request: which service did it, how long it took, the tokens it used.
         */
        StepUsage: {
            /** Service */
            service: string;
            /** Step */
            step: string;
            /**
             * Brain
             * @default local
             */
            brain: string;
            /**
             * Duration Ms
             * @default 0
             */
            duration_ms: number;
            /**
             * Input Tokens
             * @default 0
             */
            input_tokens: number;
            /**
             * Output Tokens
             * @default 0
             */
            output_tokens: number;
            /**
             * Cache Read Tokens
             * @default 0
             */
            cache_read_tokens: number;
            /**
             * Cache Write Tokens
             * @default 0
             */
            cache_write_tokens: number;
            /** Cost Usd */
            cost_usd: number | null;
            /**
             * Ok
             * @default true
             */
            ok: boolean;
            /** Detail */
            detail: string | null;
        };
        /**
         * StyleProfile
         * @description How a client writes, read from their own inbound emails, texts and call turns.
         */
        StyleProfile: {
            /**
             * Voice
             * @enum {string}
             */
            voice: "formal" | "friendly" | "casual" | "detailed";
            formality: components["schemas"]["StyleTrait"];
            length: components["schemas"]["StyleTrait"];
            tone: components["schemas"]["StyleTrait"];
            channel: components["schemas"]["StyleTrait"];
            /** Greeting */
            greeting: string | null;
            /** Sign Off */
            sign_off: string | null;
            /**
             * Messages Read
             * @default 0
             */
            messages_read: number;
        };
        /**
         * StyleTrait
         * @description One trait of a client's style and the messages (memory paths) it was read from.
         */
        StyleTrait: {
            /** Value */
            value: string;
            /** Evidence */
            evidence: string[];
            /**
             * Detail
             * @default
             */
            detail: string;
        };
        /**
         * SuccessResponse
         * @description A success: an answer (``search_agent``), an update applied (``updater_agent``) or a
         *     follow-up drafted or sent (``followup_agent``), told apart by ``routed_to``.
         */
        SuccessResponse: components["schemas"]["AnswerResponse"] | components["schemas"]["UpdateResponse"] | components["schemas"]["FollowupResponse"];
        /** TreeNode */
        TreeNode: {
            /** Name */
            name: string;
            /** Path */
            path: string;
            /**
             * Type
             * @enum {string}
             */
            type: "directory" | "file";
            /** Size */
            size?: number | null;
            /** Children */
            children?: components["schemas"]["TreeNode"][] | null;
            /**
             * Has Children
             * @default false
             */
            has_children?: boolean;
        };
        /** TreePage */
        TreePage: {
            root: components["schemas"]["TreeNode"];
            /** Total Accounts */
            total_accounts: number;
            /**
             * Offset
             * @default 0
             */
            offset?: number;
            /**
             * Limit
             * @default 0
             */
            limit?: number;
        };
        /**
         * UnmatchedCommunication
         * @description One communication in the unmatched queue.
         */
        UnmatchedCommunication: {
            /** Unmatched Id */
            unmatched_id: string;
            /**
             * Received At
             * Format: date-time
             */
            received_at: string;
            channel: components["schemas"]["Channel"];
            direction: components["schemas"]["Direction"];
            /** Email */
            email: string | null;
            /** Phone */
            phone: string | null;
            /**
             * Preview
             * @default
             */
            preview: string;
            /** Reason */
            reason: string;
        };
        /** UnmatchedListReply */
        UnmatchedListReply: {
            /** Items */
            items: components["schemas"]["UnmatchedCommunication"][];
            /**
             * Total
             * @default 0
             */
            total: number;
        };
        /**
         * UpdateResponse
         * @description An update applied, with the proof of what changed (spec, "Update Response Fields").
         */
        UpdateResponse: {
            /**
             * Type
             * @default success
             * @constant
             */
            type: "success";
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            routed_to: "updater_agent";
            /** Request Id */
            request_id: string | null;
            usage: components["schemas"]["UsageReport"] | null;
            /** Message */
            message: string;
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /** Changes */
            changes: components["schemas"]["StateChange"][];
            /** History Entry Id */
            history_entry_id: string | null;
            /** Files Modified */
            files_modified: string[];
            /**
             * Qdrant Updated
             * @default false
             */
            qdrant_updated: boolean;
            /** New Description */
            new_description: string | null;
            /** State File Path */
            state_file_path: string | null;
            /** History File Path */
            history_file_path: string | null;
            /** Previous History Entry */
            previous_history_entry: string | null;
        };
        /**
         * UsageReport
         * @description Token accounting and step durations of one request, across the services it touched.
         */
        UsageReport: {
            /**
             * Input Tokens
             * @default 0
             */
            input_tokens: number;
            /**
             * Output Tokens
             * @default 0
             */
            output_tokens: number;
            /**
             * Cache Read Tokens
             * @default 0
             */
            cache_read_tokens: number;
            /**
             * Cache Write Tokens
             * @default 0
             */
            cache_write_tokens: number;
            /** Cost Usd */
            cost_usd: number | null;
            /** Steps */
            steps: components["schemas"]["StepUsage"][];
        };
        /** VagueUpdateClarification */
        VagueUpdateClarification: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "vague_update_clarification";
            /** Request Id */
            request_id: string | null;
            usage: components["schemas"]["UsageReport"] | null;
            /** Message */
            message: string;
            /** Session Id */
            session_id: string;
            /** Account Id */
            account_id: string;
            /** Account Name */
            account_name: string;
            /** Clarification Fields */
            clarification_fields: components["schemas"]["ClarificationField"][];
            /** Original Query */
            original_query: string;
        };
        /** ValidationError */
        ValidationError: {
            /** Location */
            loc: (string | number)[];
            /** Message */
            msg: string;
            /** Error Type */
            type: string;
            /** Input */
            input?: unknown;
            /** Context */
            ctx?: Record<string, never>;
        };
        /**
         * Vocabulary
         * @description Every shared word list. Stages are in pipeline order, lines in the order of forms.
         */
        Vocabulary: {
            /** Stages */
            stages: components["schemas"]["StageEntry"][];
            /** Lines */
            lines: components["schemas"]["LineEntry"][];
            /** Carriers */
            carriers: components["schemas"]["CarrierEntry"][];
            /** Industries */
            industries: components["schemas"]["IndustryEntry"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    query_query_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueryBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"] | components["schemas"]["ConfirmationRequired"] | components["schemas"]["ClarificationNeeded"] | components["schemas"]["VagueUpdateClarification"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    confirm_confirm_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"] | components["schemas"]["ConfirmationRequired"] | components["schemas"]["ClarificationNeeded"] | components["schemas"]["VagueUpdateClarification"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    search_search_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueryBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuccessResponse"] | components["schemas"]["ConfirmationRequired"] | components["schemas"]["ClarificationNeeded"] | components["schemas"]["VagueUpdateClarification"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    query_stream_query_stream_post: {
        parameters: {
            query?: never;
            header?: {
                "last-event-id"?: string | null;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueryBody"];
            };
        };
        responses: {
            /** @description The run's events as server-sent events: ``accepted``, progress steps, then the final response (``QueryResponse``) as the last event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["ServerSentEvent"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    resume_stream_query_stream__request_id__get: {
        parameters: {
            query?: never;
            header?: {
                "last-event-id"?: string | null;
            };
            path: {
                /** @description The request id of the stream (its X-Request-ID header). */
                request_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's events as server-sent events: ``accepted``, progress steps, then the final response (``QueryResponse``) as the last event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["ServerSentEvent"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pending_followup_pending_get: {
        parameters: {
            query?: {
                stage?: string | null;
                days_threshold?: number | null;
                /** @description Count days from this date (UTC). */
                today?: string | null;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowupPendingReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    draft_followup_draft_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DraftBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowupDraftReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    execute_followup_execute_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExecuteBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowupExecuteReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    batch_followup_batch_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BatchBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowupBatchReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    outbox_followup_outbox_get: {
        parameters: {
            query?: {
                account_id?: string | null;
                channel?: ("email" | "sms" | "call_script") | null;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowupOutboxReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    notices_followup_notices_get: {
        parameters: {
            query?: {
                account_id?: string | null;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FollowupNoticesReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    health_health_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Something is down: ``degraded``. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthReport"];
                };
            };
        };
    };
    cache_clear_cache_clear_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CacheCleared"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    get_tree_tree_get: {
        parameters: {
            query?: {
                path?: string;
                depth?: number;
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TreePage"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    get_file_file_get: {
        parameters: {
            query: {
                path: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileContent"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    get_vocabulary_vocabulary_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vocabulary"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    file_communication_communications_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Communication"];
            };
        };
        responses: {
            /** @description Filed before (``already_filed``): nothing was written again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommunicationFiled"];
                };
            };
            /** @description Filed under an account. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommunicationFiled"];
                };
            };
            /** @description Kept in the unmatched queue. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CommunicationUnmatched"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    unmatched_communications_unmatched_get: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnmatchedListReply"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: An ``error`` (bad_request). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. Or: An ``error`` (unauthorized). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. Or: An ``error`` (forbidden). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"] | components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_found). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (conflict). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description An ``error`` (internal). */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (not_implemented). */
            501: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (unavailable). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description An ``error`` (timeout). */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    list_keys_admin_keys_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["KeyList"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    add_key_admin_keys_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewKeyBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NewKey"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. Or: The name is not a-z 0-9 . _ - */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"] | components["schemas"]["Problem"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description A key has this name already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    revoke_key_admin_keys__name__delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revoked"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description No key has this name. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    login_auth_login_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginBody"];
            };
        };
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Validation Error */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    logout_auth_logout_post: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedOut"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    me_auth_me_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedIn"];
                };
            };
            /** @description A body or query string that is not valid Unicode, or a Host not served. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description No API key or session, or one not valid. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The key's role is too low for this route, or a cross-origin write. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
            /** @description The body is over HARPER_MAX_BODY_BYTES. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            /** @description Too many requests (or open streams) for this key. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Problem"];
                };
            };
        };
    };
    metrics_metrics_get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
        };
    };
}
