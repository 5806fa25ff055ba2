// The code a developer copies from the playground: the vanilla mount (`StytchUIClient` + `mountLogin`) and the
// React components (`<StytchProvider>` + `<StytchLogin>`), with the draft's config and styles written out as
// JavaScript object literals (docs/sign-in-widget.md).
import type { WidgetDraft } from '../types/widget-settings';

export type SnippetInput = WidgetDraft & { publicToken: string; endpoint: string };

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** `value` as a JavaScript literal: unquoted keys where possible, single-quoted strings, two-space indents. */
export function jsLiteral(value: unknown, indent = ''): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    const items = value.map((item) => jsLiteral(item, inner));
    const flat = `[${items.join(', ')}]`;
    return flat.length <= 60 && !flat.includes('\n') ? flat : `[\n${items.map((item) => `${inner}${item},`).join('\n')}\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    const lines = entries.map(([key, item]) => `${inner}${IDENTIFIER.test(key) ? key : quote(key)}: ${jsLiteral(item, inner)},`);
    return `{\n${lines.join('\n')}\n${indent}}`;
  }
  return 'undefined';
}

const hasStyles = (styles: WidgetDraft['styles']) => Object.keys(styles).length > 0;

/** The vanilla snippet: create the client, mount into `#login-container`. */
export function vanillaSnippet({ publicToken, endpoint, config, styles }: SnippetInput): string {
  const args: Record<string, unknown> = { elementId: '#login-container', config, ...(hasStyles(styles) ? { styles } : {}) };
  return [
    "import { StytchUIClient } from '@keepsake/auth-ui';",
    '',
    `const stytch = new StytchUIClient(${quote(publicToken)}, { endpoint: ${quote(endpoint)} });`,
    '',
    `stytch.mountLogin(${jsLiteral(args)});`,
    '',
  ].join('\n');
}

/** The React snippet: config and styles as module constants (stable, so the widget is not re-mounted). */
export function reactSnippet({ publicToken, endpoint, config, styles }: SnippetInput): string {
  const withStyles = hasStyles(styles);
  return [
    "import { StytchUIClient } from '@keepsake/auth-ui';",
    "import { StytchLogin, StytchProvider } from '@keepsake/auth-ui/react';",
    '',
    `const stytch = new StytchUIClient(${quote(publicToken)}, { endpoint: ${quote(endpoint)} });`,
    '',
    `const config = ${jsLiteral(config)};`,
    ...(withStyles ? ['', `const styles = ${jsLiteral(styles)};`] : []),
    '',
    'export function Login() {',
    '  return (',
    '    <StytchProvider stytch={stytch}>',
    `      <StytchLogin config={config}${withStyles ? ' styles={styles}' : ''} />`,
    '    </StytchProvider>',
    '  );',
    '}',
    '',
  ].join('\n');
}
