/**
 * @tafl/client's generated sources are made from the committed contracts, never copied by hand: rendered
 * again here in memory (openapi-typescript's and GraphQL Code Generator's Node APIs, through the same
 * functions `npm run contracts` uses), they must equal the committed files byte for byte.
 */
import { readFileSync } from 'node:fs';
import { CLIENT_FILES, renderGraphqlTypes, renderOpenApiTypes } from '../../scripts/client-codegen';
import { ERROR_CODES as SERVICE_CODES } from '../../src/http/error-codes';
import { ERROR_CODES } from '../../packages/client/src/problems';

const read = (path: string): string => readFileSync(path, 'utf8');

describe('@tafl/client generated sources', () => {
  it('src/generated/openapi.ts is what openapi-typescript makes of openapi/openapi.json (run `npm run contracts` when not)', async () => {
    expect(await renderOpenApiTypes(read(CLIENT_FILES.openapiJson))).toBe(read(CLIENT_FILES.openapi));
  });

  it('src/generated/graphql.ts is what GraphQL Code Generator makes of schema.gql and operations.graphql', async () => {
    expect(await renderGraphqlTypes(read(CLIENT_FILES.schema), read(CLIENT_FILES.operations))).toBe(read(CLIENT_FILES.graphql));
  });

  it('makes defaulted request fields optional: a suggestion without multiPv, level or budgetMs type-checks', () => {
    const generated = read(CLIENT_FILES.openapi);
    const suggest = generated.slice(generated.indexOf('SuggestMoveRequest: {'), generated.indexOf('SuggestedLineView: {'));
    expect(suggest).toMatch(/multiPv\?: number;/);
    expect(suggest).toMatch(/level\?: number;/);
  });

  it("knows every error code of the document's ErrorCode enum and of the service's catalogue, in their order", () => {
    const doc = JSON.parse(read(CLIENT_FILES.openapiJson));
    expect(ERROR_CODES).toEqual(doc.components.schemas.ErrorCode.enum);
    expect(ERROR_CODES).toEqual(SERVICE_CODES);
  });
});
