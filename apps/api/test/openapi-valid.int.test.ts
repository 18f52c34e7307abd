import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN, type TestApp } from './helpers';

/**
 * The served document is checked by tools other clients use: a structural validator and Redocly's
 * recommended rules. The document is built from the procedures alone, so SQLite is enough.
 */
describe('GET /api/openapi.json as other tools read it', () => {
  let t: TestApp;
  let text: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { admin: TEST_ADMIN });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    text = res.body;
  });
  afterAll(async () => t?.close());

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    const api = await SwaggerParser.validate(JSON.parse(text));
    expect(api.info.title).toBeTruthy();
  });

  it("has no error and no warning under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: '/api/openapi.json', config });
    const found = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`);
    expect(found).toEqual([]);
  });
});
