// issue 10 §7 "Only what is real is offered": the event types on offer are exactly those the code publishes.
// Every `publish`/`publishMany` call in the server names its event types as literals (a `type` property whose
// value is a string or a choice between strings), read here from the parsed source; the catalogue must equal
// the set they name. A new event is offered by publishing it and adding it to the catalogue, in either order.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { retiredWebhookEventTypes, webhookEventTypes } from '@keepsake/wire/console/webhooks';
import { webhookEventCatalogue } from './event-types.ts';

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const publishers = new Set(['publish', 'publishMany']);

type CallSite = { where: string; types: string[]; unnamed: boolean };

/** The string leaves of a `type` value: a literal, or a conditional between literals. Null for anything else. */
function literalLeaves(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literalLeaves(node.expression);
  if (ts.isConditionalExpression(node)) {
    const a = literalLeaves(node.whenTrue);
    const b = literalLeaves(node.whenFalse);
    return a && b ? [...a, ...b] : null;
  }
  return null;
}

/** Every publish call in the server's own (non-test) sources, with the event types it names. */
function publishCalls(): CallSite[] {
  const files = readdirSync(srcDir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.startsWith('testing/'),
  );
  const sites: CallSite[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(srcDir + file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && publishers.has(node.expression.name.text)) {
        const types: string[] = [];
        let opaque = false;
        const findType = (child: ts.Node): void => {
          if (ts.isShorthandPropertyAssignment(child) && child.name.text === 'type') opaque = true;
          if (ts.isPropertyAssignment(child) && child.name.getText(source) === 'type') {
            const leaves = literalLeaves(child.initializer);
            if (leaves) types.push(...leaves);
            else opaque = true;
            return;
          }
          ts.forEachChild(child, findType);
        };
        node.arguments.forEach(findType);
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        sites.push({ where: `${file}:${line + 1}`, types, unnamed: opaque || types.length === 0 });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return sites;
}

describe('webhook event catalogue (issue 10: only what is real is offered)', () => {
  const sites = publishCalls();

  it('every publish call names its event types literally', () => {
    expect(sites.length).toBeGreaterThan(0);
    expect(sites.filter((site) => site.unnamed).map((site) => site.where)).toEqual([]);
  });

  it('offers exactly the event types that some publish call names', () => {
    const published = new Set(sites.flatMap((site) => site.types));
    expect([...webhookEventTypes].sort()).toEqual([...published].sort());
  });

  it('describes every offered event, and retires none that it offers', () => {
    expect(Object.keys(webhookEventCatalogue).sort()).toEqual([...webhookEventTypes].sort());
    expect(webhookEventTypes.filter((type) => (retiredWebhookEventTypes as readonly string[]).includes(type))).toEqual([]);
  });

  it("docs/webhooks.md's event table lists exactly the offered events", () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../../docs/webhooks.md', import.meta.url)), 'utf8');
    const section = doc.slice(doc.indexOf('## Event types'), doc.indexOf('\n## ', doc.indexOf('## Event types') + 1));
    const documented = [...section.matchAll(/^\| `([a-z.]+)` +\|/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual([...webhookEventTypes].sort());
  });
});
