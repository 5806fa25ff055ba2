import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import type { consoleCollectionResponse } from '@keepsake/wire/console/collections';
import type { nftSchema } from '@keepsake/wire/developer/nfts';
import { CliError, consoleApi, type ConsoleApi } from './api.ts';
import type { Out } from './login.ts';
import { checkMint, parseMintCsv, recipientLocator, type MintInput, type MintRow } from './mint-input.ts';
import { createProgress, type ProgressStream } from './progress.ts';

/** One mint's fields as given on the command line; the recipient is resolved against the collection's chain. */
export type OneMint = { recipient: string; metadata?: unknown; templateId?: string; amount?: number };

export type MintCommand =
  | { kind: 'mint'; collection: string; mint: OneMint; json: boolean }
  | { kind: 'mint-csv'; collection: string; file: string; concurrency: number; json: boolean };

type Nft = z.infer<typeof nftSchema>;
type RowResult = { line: number; ok: true; nft: Nft } | { line: number; ok: false; error: string };

const nftsPath = (collectionId: string) => `/api/console/collections/${encodeURIComponent(collectionId)}/nfts`;
const accepted = (nft: Nft) => `${nft.id} for ${nft.recipient ?? nft.onChain.owner} (${nft.onChain.status} on ${nft.onChain.chain})`;

async function collectionOf(api: ConsoleApi, id: string) {
  return (await api.get<z.infer<typeof consoleCollectionResponse>>(`/api/console/collections/${encodeURIComponent(id)}`)).collection;
}

/** Sends the rows, `concurrency` at a time, in file order of their results. */
async function mintRows(
  api: ConsoleApi,
  collectionId: string,
  rows: MintRow[],
  keyOf: (row: MintRow) => string,
  options: { concurrency: number; progress: ProgressStream },
) {
  const results = new Array<RowResult>(rows.length);
  const progress = createProgress('Minting', rows.length, options.progress);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const index = next++;
      const row = rows[index]!;
      if (row.error !== undefined) results[index] = { line: row.line, ok: false, error: row.error };
      else {
        const answer = await api.tryPost<Nft>(nftsPath(collectionId), row.input, { 'x-idempotency-key': keyOf(row) });
        results[index] =
          answer.status === 201
            ? { line: row.line, ok: true, nft: answer.body }
            : { line: row.line, ok: false, error: answer.body.error_message ?? `The server answered ${answer.status}.` };
      }
      progress.step(results[index].ok);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, rows.length) }, worker));
  progress.finish();
  return results;
}

/**
 * `mint`: one NFT, or every row of a CSV with progress on stderr. Each row is its own request with an idempotency
 * key made of the collection, the file's content and the row's line, so running the same file again within 24 h
 * answers the NFTs already accepted instead of minting them twice. Exit code 1 when any row failed.
 */
export async function runMintCommand(command: MintCommand, out: Out, progress: ProgressStream): Promise<number> {
  const api = consoleApi();
  if (command.kind === 'mint') {
    const collection = await collectionOf(api, command.collection);
    const { recipient, metadata, templateId, amount } = command.mint;
    const checked = checkMint({
      recipient: recipientLocator(recipient, collection.chain),
      ...(metadata !== undefined ? { metadata } : {}),
      ...(templateId !== undefined ? { templateId } : {}),
      ...(amount !== undefined ? { amount } : {}),
    });
    if ('error' in checked) throw new CliError(checked.error);
    const nft = await api.post<Nft>(nftsPath(collection.id), checked.input satisfies MintInput);
    out.write(command.json ? JSON.stringify(nft) + '\n' : `Accepted NFT ${accepted(nft)} in "${collection.metadata.name}" (action ${nft.actionId}).\n`);
    return 0;
  }

  let text: string;
  try {
    text = readFileSync(command.file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${command.file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  const collection = await collectionOf(api, command.collection);
  let rows: MintRow[];
  try {
    rows = parseMintCsv(text, collection.chain);
  } catch (error) {
    throw new CliError(`${command.file}: ${(error as Error).message}`);
  }
  if (rows.length === 0) throw new CliError(`${command.file} has no rows to mint (the first row names the columns).`);
  const fileKey = createHash('sha256').update(`${collection.id}\n${text}`).digest('base64url').slice(0, 32);
  const results = await mintRows(api, collection.id, rows, (row) => `keepsake-cli-${fileKey}-${row.line}`, { concurrency: command.concurrency, progress });
  const failed = results.filter((r) => !r.ok).length;
  if (command.json) out.write(JSON.stringify({ collectionId: collection.id, accepted: results.length - failed, failed, results }) + '\n');
  else {
    for (const result of results) out.write(`line ${result.line}: ${result.ok ? `accepted ${accepted(result.nft)}` : `failed: ${result.error}`}\n`);
    out.write(`${results.length - failed} accepted, ${failed} failed, of ${results.length} rows.\n`);
  }
  return failed > 0 ? 1 : 0;
}
