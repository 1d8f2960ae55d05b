// @vitest-environment node
import { readFile } from 'node:fs/promises';
import { generateApiTypes, TYPES } from './gen-api.mjs';

test('the checked-in API types are what openapi-typescript makes of ui/openapi.json', async () => {
  const checkedIn = await readFile(TYPES, 'utf8');
  // on failure: `npm run gen:api` and commit src/types/api.gen.ts
  expect(checkedIn === (await generateApiTypes())).toBe(true);
});

test('the API types describe the query responses', async () => {
  const text = await generateApiTypes();
  for (const name of ['AnswerResponse', 'UpdateResponse', 'ErrorResponse', 'SuccessResponse']) {
    expect(text).toContain(`${name}: `);
  }
});
