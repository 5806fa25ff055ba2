import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { mintBody } from '@keepsake/wire/developer/nfts';

export type MintInput = z.input<typeof mintBody>;

/** One CSV row: the mint it asks for, or why it cannot be sent. `line` is the row's line in the file. */
export type MintRow = { line: number } & ({ input: MintInput; error?: undefined } | { input?: undefined; error: string });

/** The columns a mint CSV may have (docs/cli.md); the first row names them. */
export const mintCsvColumns = ['recipient', 'name', 'image', 'description', 'animation_url', 'attributes', 'metadata', 'templateId', 'amount'] as const;

/**
 * A recipient as the API takes it: a locator (`<chain>:<address>`, `email:<email>:<chain>`, `userId:<id>:<chain>`)
 * as given, a bare email or wallet address on the collection's chain.
 */
export function recipientLocator(value: string, chain: string): string {
  const trimmed = value.trim();
  if (trimmed.includes(':')) return trimmed;
  if (trimmed.includes('@')) return `email:${trimmed}:${chain}`;
  return `${chain}:${trimmed}`;
}

/** `{…}` as JSON, or `@path` to a JSON file's content given by `read`. @throws Error naming what is wrong */
export function parseJsonArgument(value: string, what: string, read: (path: string) => string): unknown {
  let text = value;
  if (value.startsWith('@')) {
    try {
      text = read(value.slice(1));
    } catch (error) {
      throw new Error(`${what}: cannot read ${value.slice(1)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`, { cause: error });
    }
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${what} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

const issuesOf = (error: z.ZodError) => error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/** Checks one mint against the wire's schema (the server checks it again). */
export function checkMint(input: Record<string, unknown>): { input: MintInput } | { error: string } {
  const parsed = mintBody.safeParse(input);
  return parsed.success ? { input: input as MintInput } : { error: issuesOf(parsed.error) };
}

/** The mint one CSV record asks for: `metadata` (JSON) whole, or its parts in their own columns. */
function rowToMint(record: Record<string, string>, chain: string): { input: MintInput } | { error: string } {
  const present = (column: string) => (record[column] ?? '').trim() || undefined;
  const recipient = present('recipient');
  if (!recipient) return { error: 'recipient is empty' };
  let metadata: unknown;
  try {
    if (present('metadata')) metadata = parseJsonArgument(present('metadata')!, 'metadata', () => '');
    else if (present('name')) {
      metadata = {
        name: present('name'),
        ...(present('image') ? { image: present('image') } : {}),
        ...(present('description') ? { description: present('description') } : {}),
        ...(present('animation_url') ? { animation_url: present('animation_url') } : {}),
        ...(present('attributes') ? { attributes: parseJsonArgument(present('attributes')!, 'attributes', () => '') } : {}),
      };
    }
  } catch (error) {
    return { error: (error as Error).message };
  }
  const amount = present('amount');
  return checkMint({
    recipient: recipientLocator(recipient, chain),
    ...(metadata !== undefined ? { metadata } : {}),
    ...(present('templateId') ? { templateId: present('templateId') } : {}),
    ...(amount !== undefined ? { amount: Number(amount) } : {}),
  });
}

/**
 * The rows of a mint CSV (RFC 4180, a header row first). @throws Error for a file that is not such a CSV
 * (unknown or missing columns, an unclosed quote, rows of another width), naming the line.
 */
export function parseMintCsv(text: string, chain: string): MintRow[] {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    // With `info`, each record comes with where it was read: { record, info: { lines, … } }.
    const parsed: unknown = parse(text, { columns: true, bom: true, skip_empty_lines: true, info: true });
    records = parsed as typeof records;
  } catch (error) {
    throw new Error(`The CSV cannot be read: ${(error as Error).message}`, { cause: error });
  }
  const columns = Object.keys(records[0]?.record ?? {});
  const unknown = columns.filter((c) => !(mintCsvColumns as readonly string[]).includes(c));
  if (unknown.length) throw new Error(`Unknown CSV column${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Known columns: ${mintCsvColumns.join(', ')}.`);
  if (records.length && !columns.includes('recipient')) throw new Error('The CSV needs a recipient column.');
  return records.map(({ record, info }) => ({ line: info.lines, ...rowToMint(record, chain) }));
}
