import type { ReactNode } from 'react';

/** The dialogs' shell: a backdrop and a labelled modal dialog with its title. */
export function Modal({ title, labelId, children }: { title: string; labelId: string; children: ReactNode }) {
  return (
    <div className="modal-backdrop">
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={labelId}>
        <h2 id={labelId}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
