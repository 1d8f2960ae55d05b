import { useEffect, useState } from 'react';
import { getTree } from '../api/client';
import type { TreeNode } from '../types/exploration';
import { memoryPath } from './paths';

interface Props {
  selected: string | null;
  /** Files the current run read or wrote: marked in the tree. */
  touched: ReadonlySet<string>;
  onOpenFile: (path: string) => void;
  /** Changes when the memory may have changed (after an update): the tree reloads. */
  refreshKey: number;
}

const MAX_OPENED_ACCOUNTS = 3;

/** accounts/1/sources/emails/x/raw.txt -> accounts/1, accounts/1/sources, ... (its folders). */
function folders(path: string): string[] {
  const parts = memoryPath(path).split('/');
  return parts.slice(2, -1).map((_, index) => parts.slice(0, index + 3).join('/')).concat(parts.slice(0, 2).join('/'));
}

/** The memory root, loaded a folder at a time as it is opened. */
export function FileTree({ selected, touched, onOpenFile, refreshKey }: Props) {
  const [root, setRoot] = useState<TreeNode | null>(null);
  const [total, setTotal] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    let live = true;
    getTree('', 2)
      .then((page) => {
        if (!live) return;
        setRoot(page.root);
        setTotal(page.total_accounts);
        setError(null);
      })
      .catch((failure: unknown) => live && setError(failure instanceof Error ? failure.message : String(failure)));
    return () => {
      live = false;
    };
  }, [refreshKey]);

  // The folders holding the files a run used open themselves, unless the run spanned many accounts.
  const accounts = new Set([...touched].map((path) => memoryPath(path).split('/').slice(0, 2).join('/')));
  const touchedAccounts = accounts.size <= MAX_OPENED_ACCOUNTS ? new Set([...touched].flatMap(folders)) : new Set<string>();

  return (
    <section className="file-tree" aria-label="Memory files">
      <header className="panel-header">
        <h2 className="panel-title">Memory</h2>
        {root && <span className="muted small">{total} accounts</span>}
      </header>
      <input
        className="tree-filter"
        type="search"
        placeholder="Filter by account id…"
        value={filter}
        onChange={(event) => setFilter(event.target.value.trim())}
        aria-label="Filter accounts"
      />
      {error && <p className="error-text">Could not load the memory tree: {error}</p>}
      {root && (
        <ul className="tree" role="tree">
          <TreeItem
            key={`${refreshKey}`}
            node={root}
            level={0}
            initiallyOpen
            selected={selected}
            touched={touched}
            touchedAccounts={touchedAccounts}
            filter={filter}
            onOpenFile={onOpenFile}
          />
        </ul>
      )}
    </section>
  );
}

interface ItemProps {
  node: TreeNode;
  level: number;
  initiallyOpen?: boolean;
  selected: string | null;
  touched: ReadonlySet<string>;
  touchedAccounts: ReadonlySet<string>;
  filter: string;
  onOpenFile: (path: string) => void;
}

function TreeItem({ node, level, initiallyOpen = false, selected, touched, touchedAccounts, filter, onOpenFile }: ItemProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const [children, setChildren] = useState<TreeNode[] | null>(node.children ?? null);
  const [loading, setLoading] = useState(false);
  const path = memoryPath(node.path);

  // A folder holding a file the run used opens itself, so the file is visible.
  const wasTouched = touchedAccounts.has(path);
  useEffect(() => {
    if (wasTouched) setOpen(true);
  }, [wasTouched]);

  useEffect(() => {
    if (!open || children !== null || !node.has_children || loading) return;
    setLoading(true);
    getTree(node.path, 2)
      .then((page) => setChildren(page.root.children ?? []))
      .catch(() => setChildren([]))
      .finally(() => setLoading(false));
  }, [open, children, node, loading]);

  if (node.type === 'file') {
    const classes = ['tree-file', selected === path ? 'selected' : '', touched.has(path) ? 'touched' : '']
      .filter(Boolean)
      .join(' ');
    return (
      <li role="treeitem" aria-selected={selected === path}>
        <button type="button" className={classes} style={{ paddingLeft: level * 12 }} onClick={() => onOpenFile(path)} data-path={path}>
          <span className="glyph file-glyph" aria-hidden>▫</span> {node.name}
        </button>
      </li>
    );
  }
  const visible =
    node.path === 'accounts' && filter !== ''
      ? (children ?? []).filter((child) => child.name.includes(filter))
      : (children ?? []);
  return (
    <li role="treeitem" aria-expanded={open}>
      <button
        type="button"
        className={`tree-dir${wasTouched ? ' touched' : ''}`}
        style={{ paddingLeft: level * 12 }}
        onClick={() => setOpen(!open)}
        data-path={path}
      >
        <span className="glyph" aria-hidden>{open ? '▾' : '▸'}</span> {node.name}/
      </button>
      {open && (
        <ul role="group">
          {loading && <li className="muted small">loading…</li>}
          {visible.map((child) => (
            <TreeItem
              key={child.path}
              node={child}
              level={level + 1}
              selected={selected}
              touched={touched}
              touchedAccounts={touchedAccounts}
              filter={filter}
              onOpenFile={onOpenFile}
              initiallyOpen={child.path === 'accounts'}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
