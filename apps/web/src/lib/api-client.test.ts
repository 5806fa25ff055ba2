import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../testing/render';
import { ApiError, apiFetch, formatError, withQuery } from './api-client';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials', async () => {
    const calls = mockFetch({ 'POST /api/x': { status: 201, body: { ok: true } } });
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const init = calls[0]?.init;
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('throws an ApiError parsed from the spec error body', async () => {
    mockFetch({
      'GET /api/x': {
        status: 409,
        body: { status_code: 409, request_id: 'req_1', error_type: 'conflict', error_message: 'Already a member' },
      },
    });
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, errorType: 'conflict', message: 'Already a member', requestId: 'req_1' });
    expect(formatError(error)).toBe('[409] Already a member');
  });

  it('reports an unreachable server', async () => {
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, message: 'Unable to contact our servers.' });
  });

  it('appends defined query values', () => {
    expect(withQuery('/a', { x: 'a b', y: undefined, z: 2 })).toBe('/a?x=a+b&z=2');
    expect(withQuery('/a?b=1', { c: true })).toBe('/a?b=1&c=true');
  });
});
