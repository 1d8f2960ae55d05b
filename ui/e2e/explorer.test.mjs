// End-to-end: the explorer in headless Chromium against a real Harper started here.
// Run with `npm run e2e` (after `npm run build`); screenshots go to reports/screenshots/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { launchBrowser } from './browser.mjs';
import { REPO, startHarper } from './harper.mjs';

const SHOTS = process.env.HARPER_SCREENSHOTS ?? join(REPO, 'reports', 'screenshots');
const FINAL = ['completed', 'error', 'awaiting_confirmation', 'awaiting_clarification', 'awaiting_vague_update_clarification'];

let harper;
let browser;
let page;

async function shot(name) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Waits for the run to leave `running`; returns the final status. */
async function settled(timeout = 60_000) {
  const status = page.getByTestId('status');
  await page.waitForFunction(
    (finals) => finals.includes(document.querySelector('[data-testid=status]')?.getAttribute('data-status') ?? ''),
    FINAL,
    { timeout },
  );
  return status.getAttribute('data-status');
}

async function errorText() {
  const box = page.locator('.error-box');
  return (await box.count()) > 0 ? (await box.innerText()).replace(/\s+/g, ' ') : '';
}

async function expectStatus(expected) {
  const status = await settled();
  assert.equal(status, expected, `expected ${expected}, got ${status}: ${await errorText()}`);
}

async function ask(query) {
  await page.getByLabel('Query').fill(query);
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
}

async function pickSample(category, query) {
  const header = page.locator('.category-title', { hasText: category });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await page.getByRole('button', { name: query, exact: true }).click();
}

/** Leaves no dialog open for the next test (a rephrasing may itself need an answer). */
async function closeAnyDialog() {
  const dialog = page.getByRole('dialog');
  if ((await dialog.count()) === 0) return;
  await dialog.getByRole('button', { name: /^(Dismiss|Cancel)$/ }).click();
  await settled();
}

async function fileText(path) {
  const response = await fetch(`${harper.baseUrl}/file?${new URLSearchParams({ path })}`, {
    headers: { Authorization: `Bearer ${harper.adminKey}` },
  });
  assert.equal(response.status, 200, `GET /file ${path}`);
  return (await response.json()).content;
}

describe('Harper explorer in Chromium', { timeout: 600_000 }, () => {
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    // HARPER_E2E_URL: test a Harper that is already running (for working on the tests).
    harper = process.env.HARPER_E2E_URL
      ? {
          baseUrl: process.env.HARPER_E2E_URL,
          adminKey: process.env.HARPER_E2E_KEY,
          signInUrl: `${process.env.HARPER_E2E_URL}/?token=${process.env.HARPER_E2E_KEY}`,
          stop: async () => undefined,
        }
      : await startHarper();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => console.error('page error:', error.message));
  });

  // A test that fails with a dialog open must not leave its backdrop over the next test.
  afterEach(async () => {
    if (page) await closeAnyDialog().catch(() => undefined);
  });

  after(async () => {
    await browser?.close();
    await harper?.stop({ keep: process.env.HARPER_KEEP_E2E === '1' });
  });

  test('the explorer loads, with the memory tree and sample queries', async () => {
    await page.goto(harper.signInUrl);
    await page.waitForURL(`${harper.baseUrl}/`);
    await page.getByText(/ready · 60 accounts indexed/).waitFor();
    await page.getByText('60 accounts', { exact: true }).waitFor();
    for (const category of ['Updates & Actions', 'New Accounts', 'Level 1: Single Account', 'Level 2: Multi-Source',
      'Level 3: Cross-Account', 'Follow-Up Actions', 'Edge Cases', 'Data Exploration']) {
      await page.locator('.category-title', { hasText: category }).waitFor();
    }
    await page.locator('.tree-dir[data-path="accounts/29041"]').click();
    await page.locator('.tree-file[data-path="accounts/29041/state.md"]').click();
    await page.getByTestId('preview-content').waitFor();
    assert.match(await page.getByTestId('preview-content').innerText(), /Maple Avenue Dental/);
    await shot('01-explorer');
  });

  test('a question is answered with citations that open the cited file', async () => {
    await pickSample('Level 1: Single Account', 'What stage is Maple Avenue Dental at?');
    await expectStatus('completed');
    assert.equal(await page.getByTestId('intent').innerText(), 'search');
    assert.match(await page.getByTestId('routed-to').innerText(), /Search Agent/);
    assert.match(await page.getByTestId('extracted-account').innerText(), /Maple Avenue Dental/);
    assert.ok((await page.locator('.step-call').count()) > 0, 'no tool call in the journey');
    assert.ok((await page.locator('.step-result').count()) > 0, 'no tool result in the journey');
    assert.match(await page.getByTestId('skill').innerText(), /\S/);
    const answer = await page.getByTestId('answer').innerText();
    assert.ok(answer.trim().length > 0, 'the answer is empty');
    const citations = page.locator('button.citation');
    assert.ok((await citations.count()) > 0, 'the answer has no citations');
    const cited = (await citations.first().innerText()).trim();
    await citations.first().click();
    await page.getByTestId('preview-content').waitFor();
    assert.ok(cited.endsWith(await page.getByTestId('preview-path').innerText()), `preview shows ${cited}`);
    const shown = await page.getByTestId('preview-content').innerText();
    assert.equal(shown.trim(), (await fileText(cited)).trim());
    await shot('02-answer-with-citations');
  });

  test('a dropped stream resumes with Last-Event-ID, losing and repeating no step', async () => {
    const resumes = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes('/query/stream/')) {
        resumes.push({ url: request.url(), lastEventId: request.headers()['last-event-id'] });
      }
    });
    let full = '';
    await page.route('**/query/stream', async (route) => {
      const response = await route.fetch();
      full = await response.text();
      const events = full.split('\n\n').filter(Boolean);
      // Cut the stream after its first two events (accepted, intent): the connection "drops".
      await route.fulfill({ response, body: `${events.slice(0, 2).join('\n\n')}\n\n` });
    }, { times: 1 });
    await ask('Add a note to Lakeshore Pediatrics');
    await expectStatus('awaiting_confirmation');
    const ids = [...full.matchAll(/^id: (.+)$/gm)].map((match) => match[1]);
    const requestId = ids[0].split(':')[0];
    assert.equal(resumes.length, 1, `resumed ${resumes.length} times`);
    assert.ok(resumes[0].url.endsWith(`/query/stream/${requestId}`));
    assert.equal(resumes[0].lastEventId, ids[1]);
    assert.equal(await page.locator('.thinking-card').count(), 1);
    assert.match(await page.getByTestId('extracted-account').innerText(), /Lakeshore Pediatrics/);
    await page.getByRole('dialog').getByText('Lakeshore Pediatrics').first().waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectStatus('completed');
    assert.match(await page.locator('.notice').innerText(), /Cancelled/);
  });

  test('clarification offers rephrasings; one is completed and asked', async () => {
    await pickSample('Edge Cases', 'What did the customer say in the call?');
    await expectStatus('awaiting_clarification');
    const dialog = page.getByRole('dialog');
    const suggestions = dialog.locator('button.suggestion');
    assert.ok((await suggestions.count()) > 0, 'no suggested rephrasings');
    await shot('03-clarification');
    const suggestion = (await suggestions.first().innerText()).trim();
    await suggestions.first().click();
    let asked = suggestion;
    if (/\[[^\]]+\]/.test(suggestion)) {
      // A template: it goes into the box with its blank selected; typing fills the blank.
      const box = dialog.getByRole('textbox');
      assert.equal(await box.inputValue(), suggestion);
      // Wait on state, not time: the box has focus with exactly the blank selected.
      await page.waitForFunction(() => {
        const el = document.activeElement;
        if (!(el instanceof HTMLInputElement)) return false;
        const blank = /\[[^\]]+\]/.exec(el.value);
        return blank !== null && el.selectionStart === blank.index
          && el.selectionEnd === blank.index + blank[0].length;
      });
      await page.keyboard.type('Maple Avenue Dental');
      asked = suggestion.replace(/\[[^\]]+\]/, 'Maple Avenue Dental');
      assert.equal(await box.inputValue(), asked);
      await dialog.getByRole('button', { name: 'Ask' }).click();
    }
    await page.waitForFunction((text) => document.querySelector('.asked')?.textContent?.includes(text), asked);
    // The query box takes the asked text one render later (an effect of the preset): wait on it.
    await page.waitForFunction(
      (text) => document.querySelector('input[aria-label="Query"]')?.value === text,
      asked,
    );
    assert.equal(await page.getByLabel('Query').inputValue(), asked);
    await settled();
    assert.match(await page.getByTestId('extracted-account').innerText(), /Maple Avenue Dental/);
    await closeAnyDialog();
  });

  test('a new account is confirmed with its details', async () => {
    await pickSample('New Accounts', 'Add a note to New Company LLC');
    await expectStatus('awaiting_confirmation');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('New Company LLC').first().waitFor();
    await dialog.getByRole('button', { name: /Add Details/ }).click();
    await dialog.getByLabel('Industry').selectOption('Medical Clinic');
    await dialog.getByLabel('Location').fill('Austin, TX');
    await dialog.getByLabel('Primary email').fill('contact@newcompany.com');
    await dialog.getByLabel('Primary phone').fill('(512) 555-1234');
    await dialog.getByLabel('General Liability').check();
    await dialog.getByLabel('Notes').fill('Referred by an existing client');
    await shot('04-new-account-modal');
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expectStatus('completed');
    const card = page.getByRole('article', { name: 'Update result' });
    await card.waitFor();
    assert.match(await card.innerText(), /New Company LLC/);
    const statePath = (await card.locator('.files-modified button').allInnerTexts()).find((p) => p.endsWith('state.md'));
    assert.ok(statePath, 'state.md is not among the files modified');
    const state = await fileText(statePath);
    assert.match(state, /New Company LLC/);
    assert.match(state, /Austin/);
    assert.match(state, /contact@newcompany\.com/);
    await shot('05-new-account-created');
  });

  test('a vague update is completed through the form', async () => {
    await pickSample('Edge Cases', 'Update Sunny Days Childcare');
    await expectStatus('awaiting_vague_update_clarification');
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Sunny Days Childcare').first().waitFor();
    await dialog.getByRole('button', { name: 'Apply Update' }).click();
    await dialog.getByText('Fill in at least one field to update.').waitFor();
    const stage = dialog.locator('select').first();
    const options = (await stage.locator('option').allInnerTexts()).filter((o) => !o.startsWith('—'));
    const current = await dialog.locator('.current-value').first().innerText();
    const target = ['Bound', ...options].find((o) => options.includes(o) && !current.includes(o));
    await stage.selectOption(target);
    const note = dialog.locator('textarea').first();
    if ((await note.count()) > 0) await note.fill('Signed application received by email');
    await shot('06-vague-update-form');
    await dialog.getByRole('button', { name: 'Apply Update' }).click();
    await expectStatus('completed');
    const card = page.getByRole('article', { name: 'Update result' });
    assert.match(await card.locator('.new-value').first().innerText(), new RegExp(target));
    assert.ok((await card.locator('del.old-value').count()) > 0, 'no old value struck through');
    const state = await fileText('accounts/29119/state.md');
    assert.match(state, new RegExp(target));
    await shot('07-update-result');
  });

  test('a follow-up draft is approved and recorded', async () => {
    await pickSample('Follow-Up Actions', 'Draft a follow-up email to Maple Avenue Dental');
    await expectStatus('completed');
    const card = page.getByRole('article', { name: 'Follow-up draft' });
    await card.waitFor();
    assert.ok((await card.locator('.draft-body').innerText()).trim().length > 0, 'the draft is empty');
    const approve = card.getByRole('button', { name: /Approve/ });
    assert.equal(await approve.count(), 1, 'the draft offers no approval');
    await shot('08-followup-draft');
    const historyBefore = await fileText('accounts/29041/history.md');
    await approve.click();
    await expectStatus('completed');
    const after = page.getByRole('article', { name: 'Follow-up draft' });
    await after.getByText('recorded in history').waitFor();
    const historyAfter = await fileText('accounts/29041/history.md');
    assert.ok(historyAfter.length > historyBefore.length, 'history.md did not grow');
    await shot('09-followup-approved');
  });
});
