// The gateway's JSON endpoints the explorer uses besides the stream.
import type { AccountDetails, FileContent, NoticesPage, QueryResponse, TreePage } from '../types/exploration';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fix?: string | null,
  ) {
    super(message);
  }
}

async function json<T>(response: Response): Promise<T> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(`Harper answered ${response.status} without a JSON body`, response.status);
  }
  if (!response.ok && !isQueryResponse(body)) {
    const record = (body ?? {}) as Record<string, unknown>;
    const message = typeof record.message === 'string' ? record.message : `Harper answered ${response.status}`;
    throw new ApiError(message, response.status, typeof record.fix === 'string' ? record.fix : null);
  }
  return body as T;
}

function isQueryResponse(body: unknown): body is QueryResponse {
  return typeof body === 'object' && body !== null && typeof (body as { type?: unknown }).type === 'string';
}

export interface ConfirmBody extends AccountDetails {
  session_id: string;
  confirmed: boolean;
  clarification_data?: Record<string, string | string[]>;
}

/** POST /confirm: the answer to a confirmation, a vague-update form or a follow-up draft. */
export async function postConfirm(body: ConfirmBody, signal?: AbortSignal): Promise<QueryResponse> {
  const response = await fetch('/confirm', {
    method: 'POST',
    // One key per submission: a retry of this very answer is never applied twice.
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(body),
    signal,
  });
  return json<QueryResponse>(response);
}

export async function getTree(path = '', depth = 1, offset = 0, limit = 500): Promise<TreePage> {
  const params = new URLSearchParams({ path, depth: String(depth), offset: String(offset), limit: String(limit) });
  return json<TreePage>(await fetch(`/tree?${params}`));
}

export async function getFile(path: string): Promise<FileContent> {
  return json<FileContent>(await fetch(`/file?${new URLSearchParams({ path })}`));
}

/** GET /followup/notices: follow-ups that went out without review, newest first. */
export async function getNotices(limit = 20): Promise<NoticesPage> {
  return json<NoticesPage>(await fetch(`/followup/notices?${new URLSearchParams({ limit: String(limit) })}`));
}

export interface Health {
  ok: boolean;
  accounts_indexed?: number;
}

export async function getHealth(): Promise<Health> {
  const response = await fetch('/health');
  const body = (await response.json()) as Record<string, unknown>;
  return { ok: response.ok && body.ok !== false, accounts_indexed: Number(body.accounts_indexed ?? 0) };
}

export async function clearCache(): Promise<void> {
  await json<unknown>(
    await fetch('/cache/clear', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }),
  );
}
