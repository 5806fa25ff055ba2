import { describe, expect, it } from 'vitest';
import { passcodeInText } from './passcode-in-text';

describe('passcodeInText', () => {
  it('finds the code on its own line of an email and at the start of a text', () => {
    expect(passcodeInText('Use this code to sign in to Keepsake.\n\n482913\n\nThis code expires in 10 minutes.')).toBe('482913');
    expect(passcodeInText('093817 is your Acme verification code. It expires in 10 minutes.')).toBe('093817');
  });

  it('ignores longer numbers and messages without a code', () => {
    expect(passcodeInText('Order 12345678 shipped')).toBeNull();
    expect(passcodeInText('Ada added you to the project “Acme” on Keepsake as admin.')).toBeNull();
  });
});
