import { useEffect, useState } from 'react';
import { getNotices } from '../api/client';
import type { NoticesPage } from '../types/exploration';

interface Props {
  /** Changes when a follow-up may have gone out: the list is asked for again. */
  refreshKey: number;
  onOpenFile: (path: string) => void;
}

/** Follow-ups sent in notify-after mode: they went out at once, so the broker is told here. */
export function SentNotices({ refreshKey, onOpenFile }: Props) {
  const [page, setPage] = useState<NoticesPage | null>(null);

  useEffect(() => {
    let current = true;
    getNotices().then(
      (found) => current && setPage(found),
      () => current && setPage(null), // no notices to show is not an error for the broker
    );
    return () => {
      current = false;
    };
  }, [refreshKey]);

  if (!page || page.total === 0) return null;
  return (
    <details className="notices" data-testid="notices">
      <summary>{page.total} sent without review</summary>
      <ul>
        {page.notices.map((notice) => (
          <li key={notice.notice_id}>
            <button type="button" className="link" onClick={() => onOpenFile(`accounts/${notice.account_id}/history.md`)}>
              {notice.summary}
            </button>
            <span className="muted small">
              {' '}
              {new Date(notice.sent_at).toLocaleString()}
              {notice.recorded ? '' : ' · not yet in history'}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
