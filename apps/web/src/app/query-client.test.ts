import { describe, expect, it, vi } from 'vitest';
import toast from 'react-hot-toast';
import { ApiError } from '../lib/api-client';
import { errorToastDuration } from '../lib/error-toast';
import { createQueryClient, shouldRetry } from './query-client';

describe('query client', () => {
  it('retries network and 5xx errors up to 3 times, never final 4xx', () => {
    const unavailable = new ApiError({ status: 503, errorType: 'unavailable', message: 'x' });
    const notFound = new ApiError({ status: 404, errorType: 'not_found', message: 'x' });
    expect(shouldRetry(0, unavailable)).toBe(true);
    expect(shouldRetry(2, unavailable)).toBe(true);
    expect(shouldRetry(3, unavailable)).toBe(false);
    expect(shouldRetry(0, notFound)).toBe(false);
    expect(shouldRetry(0, new TypeError('offline'))).toBe(true);
  });

  it('keeps error toasts 5 s, or 10 s past 100 characters', () => {
    expect(errorToastDuration('x'.repeat(100))).toBe(5_000);
    expect(errorToastDuration('x'.repeat(101))).toBe(10_000);
  });

  it('toasts failed queries unless meta.toast is false', async () => {
    const spy = vi.spyOn(toast, 'error');
    const client = createQueryClient();
    const fail = () => Promise.reject(new ApiError({ status: 400, errorType: 'bad', message: 'Nope' }));
    await client.fetchQuery({ queryKey: ['a'], queryFn: fail }).catch(() => {});
    expect(spy).toHaveBeenCalledWith('Nope', expect.objectContaining({ duration: 5_000 }));
    spy.mockClear();
    await client.fetchQuery({ queryKey: ['b'], queryFn: fail, meta: { toast: false } }).catch(() => {});
    expect(spy).not.toHaveBeenCalled();
  });

  it('refreshes the session instead of toasting a 401', async () => {
    const spy = vi.spyOn(toast, 'error');
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const unauthorized = () => Promise.reject(new ApiError({ status: 401, errorType: 'unauthorized', message: 'Sign in' }));
    await client.fetchQuery({ queryKey: ['c'], queryFn: unauthorized }).catch(() => {});
    expect(spy).not.toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['session'] });
  });
});
