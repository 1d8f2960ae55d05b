import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { FileTree } from './FileTree';

const dir = (path: string, children: unknown[] | null) => ({
  name: path.split('/').pop() || 'mem',
  path,
  type: 'directory',
  has_children: true,
  children,
});
const file = (path: string) => ({ name: path.split('/').pop(), path, type: 'file', size: 10, has_children: false });

afterEach(() => vi.unstubAllGlobals());

it('loads folders as they open, opens the folders of touched files and opens a clicked file', async () => {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const params = new URL(String(input), 'http://x').searchParams;
    const path = params.get('path');
    const root =
      path === ''
        ? dir('', [dir('accounts', [dir('accounts/29041', [dir('accounts/29041/sources', null), file('accounts/29041/state.md')]), dir('accounts/29119', null)])])
        : path === 'accounts/29041/sources'
          ? dir('accounts/29041/sources', [file('accounts/29041/sources/note.md')])
          : dir(path ?? '', [file(`${path}/state.md`)]);
    return new Response(JSON.stringify({ root, total_accounts: 2, offset: 0, limit: 500 }), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  const onOpenFile = vi.fn();
  const touched = new Set(['accounts/29041/sources/note.md']);
  const { container } = render(<FileTree selected={null} touched={touched} onOpenFile={onOpenFile} refreshKey={0} />);
  const item = (path: string) => container.querySelector<HTMLButtonElement>(`[data-path="${path}"]`);
  expect(await screen.findByText('2 accounts')).toBeInTheDocument();
  // The touched file's folders opened themselves, loading sources/ on the way.
  await waitFor(() => expect(item('accounts/29041/sources/note.md')).not.toBeNull());
  expect(item('accounts/29041/sources/note.md')).toHaveClass('touched');
  expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/tree?path=accounts%2F29041%2Fsources&depth=2&offset=0&limit=500');
  // An untouched account stays closed until clicked, then loads its files.
  expect(item('accounts/29119/state.md')).toBeNull();
  await userEvent.click(item('accounts/29119')!);
  await waitFor(() => expect(item('accounts/29119/state.md')).not.toBeNull());
  await userEvent.click(item('accounts/29119/state.md')!);
  expect(onOpenFile).toHaveBeenLastCalledWith('accounts/29119/state.md');
});
