// The OpenAPI document (/api/openapi.json) as the API reference presents it (ADR 092): the developer API first,
// with a quickstart in the description, then the auth service (/sdk/v1), the console API and the platform routes.
// Tags are ordered and grouped here, from their prefixes, so a route added later lands in its group unasked.

/** Groups of tags, in the order the reference shows them; a tag belongs to the first group whose test matches. */
export const tagGroups: Array<{ name: string; matches: (tag: string) => boolean }> = [
  { name: 'Developer API', matches: (tag) => tag.startsWith('Developer API') || tag === 'Metadata (public)' },
  { name: 'Auth service (/sdk/v1)', matches: (tag) => tag.startsWith('Auth:') },
  { name: 'Console API', matches: (tag) => tag.startsWith('Console:') || tag === 'Product session' },
  { name: 'Platform and operations', matches: () => true },
];

/** Within the developer API group: what a newcomer does first comes first. */
const developerTagOrder = ['Developer API: collections', 'Developer API: minting', 'Developer API: actions', 'Developer API: wallets'];

const tagDescriptions: Record<string, string> = {
  'Developer API: collections': 'Create NFT collections and their templates. Authenticate with the `X-API-KEY` header.',
  'Developer API: minting': 'Mint NFTs to an address, an email or a user id, and read them back.',
  'Developer API: actions': 'Follow asynchronous work (a deploy, a mint) until it succeeds or fails.',
  'Developer API: wallets': 'Custodial wallets for your users, their balances and NFTs.',
  'Metadata (public)': 'The ERC-721/1155 metadata a collection contract points to. No authentication.',
};

/** The quickstart at the top of the reference. `publicUrl` fills the examples. */
export function quickstart(publicUrl: string): string {
  return `Keepsake's HTTP API: the **developer API** (\`/api/2022-06-09\`, \`/api/2025-06-09\`) your backend calls with an
API key, the **auth service** (\`/sdk/v1\`) that \`@keepsake/auth-js\` calls from your front end, and the console API the
Keepsake app uses.

## Quickstart

1. **Create an API key.** Sign in to the [console](/console/overview), open **API keys** and create a key with the
   \`collections.create\`, \`collections.read\` and \`nfts.create\` scopes. Copy it: it is shown once.
2. **Create a collection** on the local devnet:

   \`\`\`bash
   curl -X POST ${publicUrl}/api/2022-06-09/collections \\
     -H "X-API-KEY: $KEEPSAKE_API_KEY" -H "Content-Type: application/json" \\
     -d '{"chain":"devnet","fungibility":"non-fungible","metadata":{"name":"Gold Tickets","description":"Entry to every show"}}'
   \`\`\`

   The answer carries the collection's \`id\` and an \`actionId\`; \`GET /api/2022-06-09/actions/{actionId}\` says when
   the contract is deployed.
3. **Mint an NFT** to an email address (Keepsake creates the custodial wallet):

   \`\`\`bash
   curl -X POST ${publicUrl}/api/2022-06-09/collections/$COLLECTION_ID/nfts \\
     -H "X-API-KEY: $KEEPSAKE_API_KEY" -H "Content-Type: application/json" \\
     -d '{"recipient":"email:alice@example.com:devnet","metadata":{"name":"Ticket #1","image":"https://example.com/1.png"}}'
   \`\`\`

Every error has the shape \`{status_code, request_id, error_type, error_message, error_url}\`; the
[error types](/docs/errors) page says what each one means. The OpenAPI document is at [/api/openapi.json](/api/openapi.json).`;
}

type OpenApiObject = { paths?: object; [key: string]: unknown };

function groupOf(tag: string): number {
  return tagGroups.findIndex((group) => group.matches(tag));
}

/** The tags the document's operations use, in reference order: by group, then the group's own order, then by name. */
export function orderedTags(document: OpenApiObject): string[] {
  const used = new Set<string>();
  for (const operations of Object.values(document.paths ?? {}) as Array<Record<string, unknown> | undefined>) {
    for (const operation of Object.values(operations ?? {})) {
      for (const tag of (operation as { tags?: string[] } | undefined)?.tags ?? []) used.add(tag);
    }
  }
  const rank = (tag: string) => {
    const at = developerTagOrder.indexOf(tag);
    return at < 0 ? developerTagOrder.length : at;
  };
  return [...used].sort((a, b) => groupOf(a) - groupOf(b) || rank(a) - rank(b) || a.localeCompare(b));
}

/** Adds the ordered `tags` list (with descriptions) and `x-tagGroups` (the reference's sidebar sections). */
export function withOrderedTags<T extends OpenApiObject>(document: T): T {
  const tags = orderedTags(document);
  return {
    ...document,
    tags: tags.map((name) => (tagDescriptions[name] ? { name, description: tagDescriptions[name] } : { name })),
    'x-tagGroups': tagGroups
      .map((group, index) => ({ name: group.name, tags: tags.filter((tag) => groupOf(tag) === index) }))
      .filter((group) => group.tags.length > 0),
  };
}
