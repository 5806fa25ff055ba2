import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { z } from 'zod';
import { uuidSchema } from '@keepsake/wire/common';
import { deviceNameSchema, maxDeviceNameLength } from '@keepsake/wire/console/cli-auth';
import { createApiKeyBody } from '@keepsake/wire/console/projects';
import { createCollectionBody } from '@keepsake/wire/developer/collections';
import type { DeveloperCommand } from './developer.ts';
import { parseJsonArgument } from './mint-input.ts';
import { parseOptions, UsageError, validate } from './parse.ts';

const json = { json: { type: 'boolean' } } as const;
const inProject = { ...json, project: { type: 'string' } } as const;
const projectOf = (value: string | undefined, topic: string) =>
  validate(z.object({ project: uuidSchema.optional() }), { project: value ?? (process.env.KEEPSAKE_PROJECT || undefined) }, {}, topic).project;

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ message: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);

/** The machine's hostname as a device name, cut to the length the server takes; none when it is not a valid one. */
function hostDeviceName(): string | undefined {
  const parsed = deviceNameSchema.safeParse(hostname().trim().slice(0, maxDeviceNameLength));
  return parsed.success ? parsed.data : undefined;
}

function parseLogin(group: 'login' | 'logout', args: string[]): DeveloperCommand {
  if (group === 'logout') return { kind: 'logout', json: parseOptions(args, json, 'login').values.json === true };
  const { values } = parseOptions(args, { ...json, 'no-browser': { type: 'boolean' }, url: { type: 'string' }, 'device-name': { type: 'string' } }, 'login');
  const { url, deviceName } = validate(
    z.object({ url: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }), deviceName: deviceNameSchema.optional() }),
    { url: values.url ?? process.env.KEEPSAKE_URL ?? 'http://localhost:3000', deviceName: values['device-name'] ?? hostDeviceName() },
    { deviceName: 'device-name' },
    'login',
  );
  return { kind: 'login', url, browser: !values['no-browser'], deviceName, json: values.json === true };
}

function parseKeys(action: string | undefined, args: string[]): DeveloperCommand {
  if (action === 'list') {
    const { values } = parseOptions(args, inProject, 'keys');
    return { kind: 'keys-list', project: projectOf(values.project, 'keys'), json: values.json === true };
  }
  if (action === 'create') {
    const { values } = parseOptions(
      args,
      { ...inProject, name: { type: 'string' }, scope: { type: 'string', multiple: true }, environment: { type: 'string' }, type: { type: 'string' } },
      'keys',
    );
    const key = {
      name: values.name,
      type: values.type ?? 'server',
      environment: values.environment ?? 'staging',
      scopes: (values.scope ?? [])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    };
    validate(createApiKeyBody, key, { scopes: 'scope' }, 'keys');
    return { kind: 'keys-create', project: projectOf(values.project, 'keys'), key: key as z.input<typeof createApiKeyBody>, json: values.json === true };
  }
  if (action === 'revoke') {
    const { values, positionals } = parseOptions(args, inProject, 'keys', 1);
    if (!positionals[0]) throw new UsageError('Give the id of the key to revoke: keys revoke <keyId> (see keys list).', 'keys');
    const keyId = validate(z.object({ keyId: uuidSchema }), { keyId: positionals[0] }, { keyId: 'keyId' }, 'keys').keyId;
    return { kind: 'keys-revoke', project: projectOf(values.project, 'keys'), keyId, json: values.json === true };
  }
  throw new UsageError(`Unknown command: keys ${action ?? ''}`.trim(), 'keys');
}

function parseCollections(action: string | undefined, args: string[]): DeveloperCommand {
  if (action === 'list') {
    const { values } = parseOptions(args, { ...inProject, page: { type: 'string' }, 'per-page': { type: 'string' } }, 'collections');
    const paging = validate(
      z.object({ page: wholeNumber(1, 100_000), perPage: wholeNumber(1, 100) }),
      { page: values.page ?? '1', perPage: values['per-page'] ?? '20' },
      { perPage: 'per-page' },
      'collections',
    );
    return { kind: 'collections-list', project: projectOf(values.project, 'collections'), ...paging, json: values.json === true };
  }
  if (action === 'create') {
    const { values } = parseOptions(
      args,
      {
        ...inProject,
        name: { type: 'string' },
        description: { type: 'string' },
        chain: { type: 'string' },
        image: { type: 'string' },
        symbol: { type: 'string' },
        fungibility: { type: 'string' },
        'supply-limit': { type: 'string' },
      },
      'collections',
    );
    const supply = values['supply-limit'];
    const collection = {
      chain: values.chain,
      ...(values.fungibility ? { fungibility: values.fungibility } : {}),
      metadata: {
        name: values.name,
        description: values.description,
        ...(values.image ? { imageUrl: values.image } : {}),
        ...(values.symbol ? { symbol: values.symbol } : {}),
      },
      ...(supply !== undefined ? { supplyLimit: /^\d+$/.test(supply) ? Number(supply) : supply } : {}),
    };
    validate(
      createCollectionBody,
      collection,
      {
        'metadata.name': 'name',
        'metadata.description': 'description',
        'metadata.imageUrl': 'image',
        'metadata.symbol': 'symbol',
        supplyLimit: 'supply-limit',
      },
      'collections',
    );
    return {
      kind: 'collections-create',
      project: projectOf(values.project, 'collections'),
      collection: collection as z.input<typeof createCollectionBody>,
      json: values.json === true,
    };
  }
  throw new UsageError(`Unknown command: collections ${action ?? ''}`.trim(), 'collections');
}

function parseMint(args: string[]): DeveloperCommand {
  const { values } = parseOptions(
    args,
    {
      ...json,
      collection: { type: 'string' },
      csv: { type: 'string' },
      concurrency: { type: 'string' },
      recipient: { type: 'string' },
      name: { type: 'string' },
      image: { type: 'string' },
      description: { type: 'string' },
      metadata: { type: 'string' },
      template: { type: 'string' },
      amount: { type: 'string' },
    },
    'mint',
  );
  const collection = validate(z.object({ collection: uuidSchema }), { collection: values.collection }, {}, 'mint').collection;
  const single = ['recipient', 'name', 'image', 'description', 'metadata', 'template', 'amount'].filter(
    (flag) => values[flag as keyof typeof values] !== undefined,
  );
  if (values.csv !== undefined) {
    if (single.length) throw new UsageError(`--csv takes every mint from the file: leave out --${single.join(', --')}.`, 'mint');
    const { concurrency } = validate(z.object({ concurrency: wholeNumber(1, 32) }), { concurrency: values.concurrency ?? '4' }, {}, 'mint');
    return { kind: 'mint-csv', collection, file: values.csv, concurrency, json: values.json === true };
  }
  if (values.concurrency !== undefined) throw new UsageError('--concurrency applies to --csv only.', 'mint');
  if (!values.recipient) throw new UsageError('Give --recipient (an email or a wallet address), or --csv <file.csv> for many mints.', 'mint');
  const given = [values.metadata !== undefined && '--metadata', values.name !== undefined && '--name', values.template !== undefined && '--template'].filter(
    Boolean,
  );
  if (given.length !== 1) throw new UsageError('Give one of --name (with --image, --description), --metadata or --template.', 'mint');
  if ((values.image !== undefined || values.description !== undefined) && values.name === undefined)
    throw new UsageError('--image and --description go with --name (or put them in --metadata).', 'mint');
  let metadata: unknown;
  if (values.metadata !== undefined) {
    try {
      metadata = parseJsonArgument(values.metadata, '--metadata', (path) => readFileSync(path, 'utf8'));
    } catch (error) {
      throw new UsageError((error as Error).message, 'mint');
    }
  } else if (values.name !== undefined) {
    metadata = { name: values.name, ...(values.image ? { image: values.image } : {}), ...(values.description ? { description: values.description } : {}) };
  }
  const amount =
    values.amount === undefined ? undefined : validate(z.object({ amount: wholeNumber(1, 1_000_000) }), { amount: values.amount }, {}, 'mint').amount;
  return {
    kind: 'mint',
    collection,
    mint: {
      recipient: values.recipient,
      ...(metadata !== undefined ? { metadata } : {}),
      ...(values.template ? { templateId: values.template } : {}),
      ...(amount ? { amount } : {}),
    },
    json: values.json === true,
  };
}

/** Parses a developer command's argv, or answers undefined when `group` is not one. @throws UsageError */
export function parseDeveloperCommand(group: string, action: string | undefined, rest: string[]): DeveloperCommand | undefined {
  const all = [action, ...rest].filter((a): a is string => a !== undefined);
  if (group === 'login' || group === 'logout') return parseLogin(group, all);
  if (group === 'projects') {
    if (action !== 'list') throw new UsageError(`Unknown command: projects ${action ?? ''}`.trim(), 'projects');
    return { kind: 'projects-list', json: parseOptions(rest, json, 'projects').values.json === true };
  }
  if (group === 'keys') return parseKeys(action, rest);
  if (group === 'collections') return parseCollections(action, rest);
  if (group === 'mint') return parseMint(all);
  return undefined;
}
