// The UI's API types, generated from the gateway's OpenAPI document (ui/openapi.json, written by
// `python -m harper_gateway.openapi_file`): `npm run gen:api` writes src/types/api.gen.ts, which
// `npm run build` does first. scripts/gen-api.test.mjs fails when the checked-in file differs.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA = new URL('../openapi.json', import.meta.url);
export const TYPES = new URL('../src/types/api.gen.ts', import.meta.url);

const HEADER = `// Generated from ui/openapi.json by scripts/gen-api.mjs (openapi-typescript): do not edit.
// Regenerate with \`npm run gen:api\` after \`python -m harper_gateway.openapi_file\`.

`;

/** The TypeScript of the schema at `schema`: `paths`, `components` and `operations`. */
export async function generateApiTypes(schema = SCHEMA) {
  const document = JSON.parse(await readFile(schema, 'utf8'));
  // A field with a default is optional in a request body; the gateway's response schemas
  // list every field they always send as required.
  const ast = await openapiTS(document, { defaultNonNullable: false, silent: true });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = await generateApiTypes();
  const current = await readFile(TYPES, 'utf8').catch(() => '');
  if (current !== text) {
    await writeFile(TYPES, text);
    console.log(`wrote ${fileURLToPath(TYPES)}`);
  }
}
