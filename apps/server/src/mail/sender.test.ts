import { describe, expect, it } from 'vitest';
import { senderDomain } from './sender.ts';

describe('senderDomain', () => {
  it('reads the domain of a bare or named From address, in lower case', () => {
    expect(senderDomain('no-reply@keepsake.localhost')).toBe('keepsake.localhost');
    expect(senderDomain('Keepsake <No-Reply@Mail.Example.COM>')).toBe('mail.example.com');
    expect(senderDomain('"Acme, Inc. <support>" <hello@acme.example>')).toBe('acme.example');
  });

  it('answers undefined when there is no usable address', () => {
    expect(senderDomain('Keepsake')).toBeUndefined();
    expect(senderDomain('Keepsake <@example.com>')).toBeUndefined();
    expect(senderDomain('a@b c')).toBeUndefined();
  });
});
