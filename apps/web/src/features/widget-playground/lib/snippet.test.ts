import { describe, expect, it } from 'vitest';
import { jsLiteral, reactSnippet, vanillaSnippet } from './snippet';

const input = {
  publicToken: 'public-token-test-abc',
  endpoint: 'https://auth.example.com',
  config: { products: ['otp' as const, 'passkeys' as const], otpOptions: { methods: ['email' as const], expirationMinutes: 7 } },
  styles: { colors: { primary: '#FF6347' }, fontFamily: '"IBM Plex Sans", sans-serif', hideHeaderText: true },
};

/** The value a JavaScript literal stands for, read as JSON once its keys and strings are quoted JSON's way. */
function evaluate(literal: string): unknown {
  const json = literal
    .replace(/'((?:[^'\\]|\\.)*)'/g, (_, text: string) => JSON.stringify(text.replace(/\\'/g, "'")))
    .replace(/^(\s*)([A-Za-z_$][\w$]*):/gm, '$1"$2":')
    .replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(json);
}

describe('jsLiteral', () => {
  it('writes identifiers bare, other keys and strings single-quoted and escaped, short lists on one line', () => {
    expect(jsLiteral({ a: "it's", 'b-c': [1, true], d: undefined })).toBe("{\n  a: 'it\\'s',\n  'b-c': [1, true],\n}");
    expect(jsLiteral({})).toBe('{}');
    expect(jsLiteral(Array.from({ length: 8 }, () => 'abcdefgh'))).toContain("[\n  'abcdefgh',\n");
  });
});

describe('vanillaSnippet', () => {
  it('creates the client with the token and endpoint and mounts the config and styles', () => {
    const code = vanillaSnippet(input);
    expect(code).toContain("import { StytchUIClient } from '@keepsake/auth-ui';");
    expect(code).toContain("new StytchUIClient('public-token-test-abc', { endpoint: 'https://auth.example.com' })");
    expect(code).toContain("elementId: '#login-container',");
    expect(code).toContain("products: ['otp', 'passkeys'],");
    expect(code).toContain('expirationMinutes: 7,');
    expect(code).toContain("primary: '#FF6347',");
    expect(code).toContain('fontFamily: \'"IBM Plex Sans", sans-serif\',');
    expect(code).toContain('hideHeaderText: true,');
    // What it writes is the object it was given.
    const literal = code.slice(code.indexOf('stytch.mountLogin(') + 'stytch.mountLogin('.length, code.lastIndexOf(');'));
    expect(evaluate(literal)).toEqual({ elementId: '#login-container', config: input.config, styles: input.styles });
  });

  it('leaves styles out when the theme is the default one', () => {
    expect(vanillaSnippet({ ...input, styles: {} })).not.toContain('styles');
  });
});

describe('reactSnippet', () => {
  it('wraps <StytchLogin> in <StytchProvider> with module-level config and styles', () => {
    const code = reactSnippet(input);
    expect(code).toContain("import { StytchLogin, StytchProvider } from '@keepsake/auth-ui/react';");
    expect(code).toContain('<StytchProvider stytch={stytch}>');
    expect(code).toContain('<StytchLogin config={config} styles={styles} />');
    const config = code.slice(code.indexOf('const config = ') + 'const config = '.length, code.indexOf(';\n\nconst styles'));
    expect(evaluate(config)).toEqual(input.config);
    expect(reactSnippet({ ...input, styles: {} })).toContain('<StytchLogin config={config} />');
    expect(reactSnippet({ ...input, styles: {} })).not.toContain('const styles');
  });
});
