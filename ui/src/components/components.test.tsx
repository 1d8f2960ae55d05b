import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetVocabulary, type Vocabulary } from '../api/vocabulary';
import { SAMPLE_CATEGORIES } from '../data/sampleQueries';
import { answer, confirmation, followup, intentEvent, routingEvent, toolCallEvent, toolResultEvent, update, vague } from '../test/fixtures';
import { explorationReducer as reduce, initialExploration } from '../state/exploration';
import { ClarificationModal } from './ClarificationModal';
import { ConfirmationModal } from './ConfirmationModal';
import { VagueUpdateClarificationModal } from './VagueUpdateClarificationModal';
import { FilePreview } from './FilePreview';
import { FollowupDraftCard } from './FollowupDraftCard';
import { QuerySelector } from './QuerySelector';
import { ToolPanel } from './ToolPanel';
import { UpdateResultCard } from './UpdateResultCard';
import { withAccount } from './ExplorerLayout';

describe('QuerySelector', () => {
  it('has the spec categories and asks a picked sample', async () => {
    const onPick = vi.fn();
    render(<QuerySelector disabled={false} onPick={onPick} />);
    expect(SAMPLE_CATEGORIES.map((category) => category.title)).toEqual([
      'Updates & Actions',
      'New Accounts',
      'Level 1: Single Account',
      'Level 2: Multi-Source',
      'Level 3: Cross-Account',
      'Follow-Up Actions',
      'Edge Cases',
      'Data Exploration',
    ]);
    await userEvent.click(screen.getByRole('button', { name: /Level 1: Single Account/ }));
    await userEvent.click(screen.getByRole('button', { name: 'What stage is Maple Avenue Dental at?' }));
    expect(onPick).toHaveBeenCalledWith('What stage is Maple Avenue Dental at?');
  });
});

describe('ToolPanel', () => {
  it('shows the starter thinking card and each tool call and result as they stream', async () => {
    let state = reduce(initialExploration, { type: 'start', query: 'What stage is Maple Avenue Dental at?' });
    for (const step of [intentEvent, routingEvent, toolCallEvent, toolResultEvent]) state = reduce(state, { type: 'event', event: step });
    const onOpenFile = vi.fn();
    render(<ToolPanel state={state} onOpenFile={onOpenFile} onAnswerFollowup={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Starter Agent thinking' });
    expect(within(card).getByTestId('intent')).toHaveTextContent('search');
    expect(within(card).getByLabelText('confidence')).toHaveTextContent('90%');
    expect(within(card).getByTestId('extracted-account')).toHaveTextContent('Maple Avenue Dental → Maple Avenue Dental (29041)');
    expect(within(card).getByText('Search Agent')).toHaveAttribute('aria-current', 'true');
    expect(within(card).getByText('Updater Agent')).not.toHaveAttribute('aria-current');
    expect(within(card).getByTestId('skill')).toHaveTextContent('name-lookup');
    const steps = screen.getByRole('list', { name: 'Agent steps' });
    expect(within(steps).getByText('read_file(path="accounts/29041/state.md")')).toBeInTheDocument();
    expect(within(steps).getByText('read 615 bytes')).toBeInTheDocument();
    await userEvent.click(within(steps).getByRole('button', { name: '29041/state.md' }));
    expect(onOpenFile).toHaveBeenCalledWith('accounts/29041/state.md');
    expect(screen.getByTestId('status')).toHaveAttribute('data-status', 'running');
  });

  it('shows an error with its fix', () => {
    const state = reduce(reduce(initialExploration, { type: 'start', query: 'q' }), {
      type: 'response',
      response: { type: 'error', message: 'The updater agent has not been built yet.', code: 'not_implemented', fix: 'Wait for it.' },
    });
    render(<ToolPanel state={state} onOpenFile={vi.fn()} onAnswerFollowup={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The updater agent has not been built yet.');
    expect(screen.getByRole('alert')).toHaveTextContent('Wait for it.');
  });
});

describe('UpdateResultCard', () => {
  it('proves the update: old value struck through, new value, files, index, description, chain', async () => {
    const onOpenFile = vi.fn();
    const state = reduce(reduce(initialExploration, { type: 'start', query: 'q' }), { type: 'response', response: update });
    render(
      <UpdateResultCard
        changes={state.changes!}
        details={state.updateDetails!}
        historyEntryId={state.historyEntryId}
        onOpenFile={onOpenFile}
      />,
    );
    const old = screen.getByText('Quote Pitched');
    expect(old.tagName).toBe('DEL');
    expect(screen.getByText('Quoted').tagName).toBe('INS');
    expect(screen.getByText('mem/accounts/29041/state.md')).toBeInTheDocument();
    expect(screen.getByText('mem/accounts/29041/history.md')).toBeInTheDocument();
    expect(screen.getByText(/description re-indexed/)).toBeInTheDocument();
    expect(screen.getByText('Maple Avenue Dental | Stage: Quoted | Insurance: Dental Malpractice')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2026-01-15T10:00:00Z' }));
    expect(onOpenFile).toHaveBeenLastCalledWith('mem/accounts/29041/history.md');
    expect(screen.getByRole('button', { name: '2026-01-21T22:39:01.284545Z' })).toBeInTheDocument();
  });
});

describe('FollowupDraftCard', () => {
  it('offers approve and reject while the draft awaits review', async () => {
    const onAnswer = vi.fn();
    const { rerender } = render(<FollowupDraftCard followup={followup} busy={false} onAnswer={onAnswer} onOpenFile={vi.fn()} />);
    expect(screen.getByText(/I wanted to check in/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Approve/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onAnswer.mock.calls).toEqual([[true], [false]]);
    rerender(
      <FollowupDraftCard followup={{ ...followup, sent: true, recorded: true }} busy={false} onAnswer={onAnswer} onOpenFile={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.getByText('recorded in history')).toBeInTheDocument();
  });
});

describe('FilePreview', () => {
  it('shows the answer with clickable citations, in the list and in the text', async () => {
    const onOpenFile = vi.fn();
    render(<FilePreview answer={answer} file={null} onOpenFile={onOpenFile} onCloseFile={vi.fn()} />);
    const buttons = screen.getAllByRole('button', { name: 'mem/accounts/29041/state.md' });
    expect(buttons).toHaveLength(2); // inline in the answer and in the citation list
    await userEvent.click(buttons[0]);
    await userEvent.click(screen.getByRole('button', { name: 'mem/accounts/29041/sources/calls/call_1/summary.md' }));
    expect(onOpenFile.mock.calls).toEqual([['mem/accounts/29041/state.md'], ['mem/accounts/29041/sources/calls/call_1/summary.md']]);
  });

  it('shows an opened file', () => {
    render(
      <FilePreview
        file={{ path: 'accounts/29041/state.md', loading: false, content: { path: 'accounts/29041/state.md', content: 'stage: Quoted', size: 13, truncated: false } }}
        onOpenFile={vi.fn()}
        onCloseFile={vi.fn()}
      />,
    );
    expect(screen.getByTestId('preview-path')).toHaveTextContent('accounts/29041/state.md');
    expect(screen.getByTestId('preview-content')).toHaveTextContent('stage: Quoted');
  });
});

describe('ConfirmationModal', () => {
  const words: Vocabulary = {
    stages: [{ name: 'New Lead', aliases: ['lead'] }],
    lines: [
      { name: "Workers' Compensation", shorthand: ['WC'], book_words: [], when_unqualified: [] },
      { name: 'General Liability', shorthand: ['GL'], book_words: [], when_unqualified: [] },
    ],
    carriers: [{ name: 'NEXT', also: [], everyday: true }],
    industries: [{ name: 'Childcare Center', one: ['daycare'], many: ['daycares'] }],
  };
  const served = (response: () => Response) => {
    forgetVocabulary();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => (String(input) === '/vocabulary' ? response() : new Response('{}', { status: 404 }))),
    );
  };
  afterEach(() => vi.unstubAllGlobals());

  it('creates with only the details filled in, choosing from the vocabulary', async () => {
    served(() => new Response(JSON.stringify(words), { headers: { 'Content-Type': 'application/json' } }));
    const onConfirm = vi.fn();
    render(<ConfirmationModal pending={confirmation} onConfirm={onConfirm} onCancel={vi.fn()} onPickAlternative={vi.fn()} />);
    expect(screen.getByText('New Company LLC')).toBeInTheDocument();
    expect(screen.getByText('New Century Logistics')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Add Details/ }));
    await screen.findByRole('option', { name: 'Childcare Center' });
    expect(within(screen.getByLabelText('Industry')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      '—',
      'Childcare Center',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Industry'), 'Childcare Center');
    await userEvent.type(screen.getByLabelText('Location'), 'Austin, TX');
    await userEvent.click(screen.getByLabelText("Workers' Compensation"));
    await userEvent.click(screen.getByLabelText('General Liability'));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onConfirm).toHaveBeenCalledWith({
      industry: 'Childcare Center',
      location: 'Austin, TX',
      insurance_types: ["Workers' Compensation", 'General Liability'],
    });
  });

  it('lets the broker type the industry and lines when the vocabulary cannot be loaded', async () => {
    served(() => new Response('{"message": "down"}', { status: 503 }));
    const onConfirm = vi.fn();
    render(<ConfirmationModal pending={confirmation} onConfirm={onConfirm} onCancel={vi.fn()} onPickAlternative={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: /Add Details/ }));
    await screen.findByText(/could not be loaded/);
    await userEvent.type(screen.getByLabelText('Industry'), 'Bakery');
    await userEvent.type(screen.getByLabelText('Insurance types'), 'General Liability, Cyber Liability ,');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onConfirm).toHaveBeenCalledWith({
      industry: 'Bakery',
      insurance_types: ['General Liability', 'Cyber Liability'],
    });
  });

  it('can create with just the name, cancel, or pick a similar account', async () => {
    served(() => new Response(JSON.stringify(words)));
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const onPick = vi.fn();
    render(<ConfirmationModal pending={confirmation} onConfirm={onConfirm} onCancel={onCancel} onPickAlternative={onPick} />);
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(onConfirm).toHaveBeenCalledWith({});
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'New Century Logistics' }));
    expect(onPick).toHaveBeenCalledWith('New Century Logistics');
    expect(withAccount('Add a note to new company llc', 'New Company LLC', 'New Century Logistics')).toBe(
      'Add a note to New Century Logistics',
    );
  });
});

describe('ClarificationModal', () => {
  const pending = {
    message: 'Which account are you asking about?',
    reason: 'Query requires specific account',
    suggestions: ['What did [account name] say in the call?', 'What is the status of Maple Avenue Dental?'],
    original_query: 'What did the customer say in the call?',
    session_id: 's1',
  };

  it('asks a concrete suggestion when clicked', async () => {
    const onAsk = vi.fn();
    render(<ClarificationModal pending={pending} onAsk={onAsk} onDismiss={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'What is the status of Maple Avenue Dental?' }));
    expect(onAsk).toHaveBeenCalledWith('What is the status of Maple Avenue Dental?', null);
  });

  it('puts a template in the box to fill its blank, and sends the named account with the session', async () => {
    const onAsk = vi.fn();
    render(<ClarificationModal pending={pending} onAsk={onAsk} onDismiss={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Which account?'), 'Sunny Days');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(onAsk).toHaveBeenLastCalledWith('Sunny Days', 's1');
    await userEvent.click(screen.getByRole('button', { name: 'What did [account name] say in the call?' }));
    const box = screen.getByLabelText('Your question');
    expect(box).toHaveValue('What did [account name] say in the call?');
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'What did Maple Avenue Dental say in the call?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(onAsk).toHaveBeenLastCalledWith('What did Maple Avenue Dental say in the call?', null);
  });

  it('selects the blank in the same task as the click, so keys typed at once fill it', async () => {
    render(<ClarificationModal pending={pending} onAsk={vi.fn()} onDismiss={vi.fn()} />);
    // No waiting between the click and the keys: what a fast typist (or a test) does.
    fireEvent.click(screen.getByRole('button', { name: 'What did [account name] say in the call?' }));
    const box = screen.getByLabelText('Your question') as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([9, 23]);
    await userEvent.keyboard('Maple Avenue Dental');
    expect(box).toHaveValue('What did Maple Avenue Dental say in the call?');
  });
});

describe('VagueUpdateClarificationModal', () => {
  it('shows current values and requires at least one changed field', async () => {
    const onSubmit = vi.fn();
    render(<VagueUpdateClarificationModal pending={vague} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Update Sunny Days Childcare' })).toBeInTheDocument();
    expect(screen.getByText('Current: Quoted')).toBeInTheDocument();
    expect(screen.getByText("Current: Workers' Compensation")).toBeInTheDocument();
    expect(screen.getByLabelText("Workers' Compensation")).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Apply Update' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Fill in at least one field');
    await userEvent.selectOptions(screen.getByLabelText(/Pipeline Stage/), 'Bound');
    await userEvent.type(screen.getByLabelText(/Add a Note/), 'Policy bound effective 2/1/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Update' }));
    expect(onSubmit).toHaveBeenCalledWith({ stage: 'Bound', note: 'Policy bound effective 2/1/2026' });
  });

  it('sends a changed multi-select as its full new list', async () => {
    const onSubmit = vi.fn();
    render(<VagueUpdateClarificationModal pending={vague} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await userEvent.click(screen.getByLabelText('General Liability'));
    await userEvent.click(screen.getByRole('button', { name: 'Apply Update' }));
    expect(onSubmit).toHaveBeenCalledWith({ insurance_types: ["Workers' Compensation", 'General Liability'] });
  });
});
