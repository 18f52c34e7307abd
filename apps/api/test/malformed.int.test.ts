import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

describe.each(testDialects())('bad input on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  const bodies: [string, string][] = [
    ['not json', '{"username": "alice", '],
    ['an array', '[1,2,3]'],
    ['a string', '"hello"'],
    ['null', 'null'],
    ['wrong types', '{"username": 12, "password": true}'],
    ['extra nesting', '{"username": {"$gt": ""}, "password": ["x"]}'],
  ];

  for (const url of ['/api/register', '/api/login', '/api/user/link-twitch']) {
    it.each(bodies)(`answers 400 or 401, never 5xx, to ${url} with %s`, async (_name, payload) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ status: 'error', message: expect.any(String) });
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    });
  }

  it('names the broken JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'Request body is not valid JSON' });
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'x'.repeat(2 * 1024 * 1024), password: 'secret123' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status).toBe('error');
  });

  it('answers unknown api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('error');
  });
});
