import type { ReactNode } from 'react';
import type { AnswerResponse, FileContent } from '../types/exploration';
import { memoryPath } from './paths';

export interface OpenFile {
  path: string;
  loading: boolean;
  content?: FileContent;
  error?: string;
}

interface Props {
  answer?: AnswerResponse;
  file: OpenFile | null;
  onOpenFile: (path: string) => void;
  onCloseFile: () => void;
}

/** The answer with its citations, and the file a citation (or the tree) opened. */
export function FilePreview({ answer, file, onOpenFile, onCloseFile }: Props) {
  return (
    <section className="file-preview" aria-label="Answer and file preview">
      {answer && (
        <article className="card answer-card" aria-label="Answer">
          <header>
            <span className="card-kicker">Answer</span>
            {answer.account_name && <h3>{answer.account_name}</h3>}
          </header>
          <div className="answer-text" data-testid="answer">
            {linkified(answer.answer, answer.citations, onOpenFile)}
          </div>
          {answer.citations.length > 0 && (
            <section className="citations">
              <h4>Citations</h4>
              <ol>
                {answer.citations.map((citation) => (
                  <li key={citation}>
                    <button
                      type="button"
                      className={`citation${file && memoryPath(file.path) === memoryPath(citation) ? ' active' : ''}`}
                      onClick={() => onOpenFile(citation)}
                    >
                      {citation}
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
          {answer.notes.length > 0 && (
            <ul className="notes">
              {answer.notes.map((note) => (
                <li key={note} className="muted small">
                  {note}
                </li>
              ))}
            </ul>
          )}
        </article>
      )}
      {file ? (
        <article className="card file-card" aria-label="File preview">
          <header className="file-header">
            <code data-testid="preview-path">{file.path}</code>
            {file.content && <span className="muted small">{file.content.size} bytes</span>}
            <button type="button" className="link" onClick={onCloseFile} aria-label="Close file">
              ✕
            </button>
          </header>
          {file.loading && <p className="muted">loading…</p>}
          {file.error && <p className="error-text">{file.error}</p>}
          {file.content && (
            <pre className="file-content" data-testid="preview-content">
              {file.content.content}
              {file.content.truncated && '\n… (truncated)'}
            </pre>
          )}
        </article>
      ) : (
        !answer && <p className="empty">Answers and the files they cite show here. Open any file from the tree.</p>
      )}
    </section>
  );
}

/** The answer's text with every cited path in it made a link to that file. */
function linkified(text: string, citations: string[], onOpenFile: (path: string) => void): ReactNode[] {
  const paths = [...citations].sort((a, b) => b.length - a.length).filter(Boolean);
  if (paths.length === 0) return [text];
  const pattern = new RegExp(`(${paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'g');
  return text.split(pattern).map((part, index) =>
    paths.includes(part) ? (
      <button key={index} type="button" className="link inline-citation" onClick={() => onOpenFile(part)}>
        {part}
      </button>
    ) : (
      <span key={index}>{part}</span>
    ),
  );
}
