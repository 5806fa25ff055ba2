import type { z } from 'zod';
import type { consoleCollectionResponse, consoleCollectionsResponse } from '@keepsake/wire/console/collections';
import type { createCollectionBody } from '@keepsake/wire/developer/collections';
import { consoleApi } from './api.ts';
import type { Out } from './login.ts';
import { chooseProject } from './project.ts';

export type CollectionsCommand =
  | { kind: 'collections-list'; project: string | undefined; page: number; perPage: number; json: boolean }
  | { kind: 'collections-create'; project: string | undefined; collection: z.input<typeof createCollectionBody>; json: boolean };

type Collection = z.infer<typeof consoleCollectionResponse>['collection'];

const describe = (c: Collection) =>
  `${c.id}  ${c.metadata.name}  ${c.chain} ${c.fungibility}  ${c.onChain.status}${c.onChain.contractAddress ? `  ${c.onChain.contractAddress}` : ''}`;

/** `collections list|create`: the console's collection calls, as the developer (owners and admins create). */
export async function runCollectionsCommand(command: CollectionsCommand, out: Out): Promise<number> {
  const api = consoleApi();
  const project = await chooseProject(api, command.project);
  if (command.kind === 'collections-list') {
    const query = new URLSearchParams({ projectId: project.id, page: String(command.page), perPage: String(command.perPage) });
    const answer = await api.get<z.infer<typeof consoleCollectionsResponse>>(`/api/v1-alpha1/collections?${query.toString()}`);
    if (command.json) out.write(JSON.stringify(answer) + '\n');
    else if (answer.total === 0) out.write(`No collections in ${project.name}.\n`);
    else {
      for (const collection of answer.collections) out.write(describe(collection) + '\n');
      const shown = (answer.page - 1) * answer.perPage + answer.collections.length;
      if (shown < answer.total) out.write(`(${shown} of ${answer.total}; next: --page ${answer.page + 1})\n`);
    }
    return 0;
  }
  const { collection } = await api.post<z.infer<typeof consoleCollectionResponse>>('/api/v1-alpha1/collections', {
    projectId: project.id,
    ...command.collection,
  });
  out.write(
    command.json
      ? JSON.stringify(collection) + '\n'
      : `Created the collection "${collection.metadata.name}" (${collection.id}) in ${project.name} on ${collection.chain}; ` +
          `its contract deploy is ${collection.onChain.status}.\nMint into it: npm run keepsake -- mint --collection ${collection.id} --recipient <email or address> --name <name>\n`,
  );
  return 0;
}
