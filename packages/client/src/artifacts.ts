import { buildOpenApiDocument } from '@t0/server';
import openapiTS, { astToString } from 'openapi-typescript';

/** Where the API lives relative to the product's address; scripts pass their own base URL. */
export const API_BASE_PATH = '/api';

const HEADER = '// Generated from openapi.json by `pnpm --filter @t0/client generate`. Do not edit.\n\n';

/** The OpenAPI document of the REST API and the TypeScript types generated from it. */
export async function generateArtifacts(): Promise<{ document: string; types: string }> {
  const doc = buildOpenApiDocument(API_BASE_PATH);
  const document = `${JSON.stringify(doc, null, 2)}\n`;
  const ast = await openapiTS(JSON.parse(document), { alphabetize: true });
  return { document, types: HEADER + astToString(ast) };
}
