import { describe, expect, it } from 'vitest';
import { parseMintCsv, recipientLocator } from './mint-input.ts';
import { createProgress, renderBar } from './progress.ts';

describe('recipientLocator', () => {
  it('puts a bare email or address on the collection’s chain and keeps a locator as it is', () => {
    expect(recipientLocator(' fan@example.com ', 'devnet')).toBe('email:fan@example.com:devnet');
    expect(recipientLocator('0xabc', 'base')).toBe('base:0xabc');
    expect(recipientLocator('email:fan@example.com:polygon', 'devnet')).toBe('email:fan@example.com:polygon');
    expect(recipientLocator('userId:u1:devnet', 'base')).toBe('userId:u1:devnet');
  });
});

describe('parseMintCsv', () => {
  it('reads quoted fields, JSON columns and a BOM, numbering rows by their line in the file', () => {
    const rows = parseMintCsv(
      '\uFEFFrecipient,name,attributes,metadata\n' +
        'a@example.com,"Seat, 1","[{""trait_type"":""Row"",""value"":1}]",\n' +
        '\n' +
        'devnet:0xabc,,,"{""name"":""Whole""}"\n',
      'devnet',
    );
    expect(rows).toEqual([
      { line: 2, input: { recipient: 'email:a@example.com:devnet', metadata: { name: 'Seat, 1', attributes: [{ trait_type: 'Row', value: 1 }] } } },
      { line: 4, input: { recipient: 'devnet:0xabc', metadata: { name: 'Whole' } } },
    ]);
  });

  it('fails a row alone, with the reason', () => {
    const rows = parseMintCsv('recipient,name,attributes,templateId,amount\n,A,,,\nb@x.io,B,[oops,,\nc@x.io,,,not-a-uuid,2\nd@x.io,D,,,2\n', 'devnet');
    expect(rows.map((r) => [r.line, r.error])).toEqual([
      [2, 'recipient is empty'],
      [3, expect.stringMatching(/^attributes is not valid JSON/)],
      [4, 'templateId: templateId must be a template id (a UUID)'],
      [5, undefined],
    ]);
  });

  it('refuses a file with an unknown column, without a recipient column, or that is not CSV', () => {
    expect(() => parseMintCsv('recipient,nmae\nx,y\n', 'devnet')).toThrow('Unknown CSV column nmae. Known columns: recipient, name,');
    expect(() => parseMintCsv('name\nx\n', 'devnet')).toThrow('The CSV needs a recipient column.');
    expect(() => parseMintCsv('recipient,name\n"x,y\n', 'devnet')).toThrow(/^The CSV cannot be read: /);
    expect(parseMintCsv('recipient,name\n', 'devnet')).toEqual([]);
  });
});

describe('progress', () => {
  it('draws a bar of the given width with the failures', () => {
    expect(renderBar(5, 10, 0, 10)).toBe('[#####·····] 5/10');
    expect(renderBar(10, 10, 2, 4)).toBe('[####] 10/10  2 failed');
  });

  it('writes a plain line at each tenth when not a terminal, and redraws one line on a terminal', () => {
    const plain: string[] = [];
    const progress = createProgress('Minting', 20, { write: (text) => plain.push(text) });
    for (let i = 0; i < 20; i++) progress.step(i !== 3);
    progress.finish();
    // The first step (it started), then one at each tenth.
    expect(plain).toHaveLength(11);
    expect(plain.slice(0, 3)).toEqual(['Minting 1/20\n', 'Minting 2/20\n', 'Minting 4/20 (1 failed)\n']);
    expect(plain.at(-1)).toBe('Minting 20/20 (1 failed)\n');

    const tty: string[] = [];
    const bar = createProgress('Minting', 2, { write: (text) => tty.push(text), isTTY: true, columns: 80 });
    bar.step(true);
    bar.step(false);
    bar.finish();
    expect(tty.every((text) => text === '\n' || text.startsWith('\rMinting ['))).toBe(true);
    expect(tty.at(-2)).toContain('2/2  1 failed');
    expect(tty.at(-1)).toBe('\n');
  });
});
