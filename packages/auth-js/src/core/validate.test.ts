import { emailPattern } from '@keepsake/validation/email';
import { describe, expect, it } from 'vitest';
import { InvalidInputError, UsageError } from '../errors.ts';
import { checkEmail, checkField, checkOptions, compact, EMAIL_MESSAGES, EMAIL_PATTERN } from './validate.ts';

function failure(run: () => unknown): InvalidInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error('expected an InvalidInputError');
}

describe('input checks (spec §5)', () => {
  it('says which call was wrong and why, with the parameter-helper messages', () => {
    const error = failure(() => checkField('otps.authenticate', 'code', 123456, 'string', true));
    expect(error).toBeInstanceOf(UsageError);
    expect(error.shortMessage).toBe('Invalid call to otps.authenticate');
    expect(error.details).toBe('code must be a string');
    expect(error.field).toBe('code');
    expect(error.message).toBe('Invalid call to otps.authenticate\ncode must be a string');

    expect(failure(() => checkField('m', 'code', '', 'string', true)).details).toBe('Empty parameter code');
    expect(failure(() => checkField('m', 'code', undefined, 'string', true)).details).toBe('Empty parameter code');
    expect(failure(() => checkField('m', 'session_duration_minutes', '60', 'integer')).details).toBe('session_duration_minutes must be an integer');
    expect(failure(() => checkField('m', 'session_duration_minutes', 1.5, 'integer')).details).toBe('session_duration_minutes must be an integer');
    expect(failure(() => checkField('m', 'untrusted_metadata', [], 'object')).details).toBe('untrusted_metadata must be an object');
    expect(failure(() => checkField('m', 'forceClear', 'yes', 'boolean')).details).toBe('forceClear must be a boolean value');
    expect(failure(() => checkField('m', 'custom_scopes', ['a', 1], 'strings')).details).toBe('custom_scopes must be an array of strings');
  });

  it('lets optional fields be left out and accepts the right kinds', () => {
    expect(() => checkField('m', 'expiration_minutes', undefined, 'integer')).not.toThrow();
    expect(() => checkField('m', 'expiration_minutes', 10, 'integer')).not.toThrow();
    expect(() => checkField('m', 'provider_params', { prompt: 'login' }, 'object')).not.toThrow();
    expect(() => checkField('m', 'custom_scopes', ['email'], 'strings')).not.toThrow();
  });

  it('requires what §5 requires, such as session_duration_minutes for passwords', () => {
    const schema = { email: { kind: 'string', required: true }, session_duration_minutes: { kind: 'integer', required: true } } as const;
    expect(failure(() => checkOptions('passwords.authenticate', { email: 'a@b.co' }, schema)).details).toBe('Empty parameter session_duration_minutes');
    expect(failure(() => checkOptions('passwords.authenticate', undefined, schema)).details).toBe('options must be an object');
    expect(() => checkOptions('passwords.authenticate', { email: 'a@b.co', session_duration_minutes: 60 }, schema)).not.toThrow();
    expect(() => checkOptions('otps.authenticate', undefined, { session_duration_minutes: 'integer' })).not.toThrow();
    expect(failure(() => checkOptions('otps.authenticate', 'sixty', { session_duration_minutes: 'integer' })).details).toBe('options must be an object');
  });

  it('checks emails with the tab-specific messages', () => {
    expect(checkEmail('m', '  ada@example.com ', EMAIL_MESSAGES.otp)).toBe('ada@example.com');
    for (const bad of ['ada@example', 'ada.example.com', 'ada@@example.com', 'ada @example.com', 'ada@example.c0m']) {
      expect(failure(() => checkEmail('otps.email.loginOrCreate', bad, EMAIL_MESSAGES.otp)).details).toBe('Invalid email, please try again.');
      expect(failure(() => checkEmail('magicLinks.email.loginOrCreate', bad, EMAIL_MESSAGES.link)).details).toBe('Invalid email address');
    }
    expect(failure(() => checkEmail('m', 42, EMAIL_MESSAGES.otp)).details).toBe('email must be a string');
    expect(failure(() => checkEmail('m', '', EMAIL_MESSAGES.otp)).details).toBe('Empty parameter email');
  });

  it('drops undefined fields from bodies', () => {
    expect(compact({ a: 1, b: undefined, c: null, d: '' })).toEqual({ a: 1, c: null, d: '' });
  });
});

describe('issue 10: one email rule', () => {
  it("checks addresses with the server's §5 pattern (the SDK keeps its own copy so that it imports nothing at run time)", () => {
    expect(EMAIL_PATTERN.source).toBe(emailPattern.source);
    expect(EMAIL_PATTERN.flags).toBe(emailPattern.flags);
  });
});
