// The CLI's help text, one section per command group (docs/cli.md has the long form).

const sections = {
  login: `  login [--no-browser] [--url <server>] [--device-name <name>] [--json]
      Signs you in: opens the browser (or, with --no-browser, prints a code to approve at
      /console/authorize-device). The CLI token is stored 0600 in ~/.config/keepsake/credentials.json.
      --url defaults to $KEEPSAKE_URL or http://localhost:3000. --device-name (1 to 100 printable
      characters) names the token in /console/account; it defaults to this machine's hostname.
  logout [--json]
      Revokes the CLI token and deletes the credentials file.`,
  projects: `  projects list [--json]
      Your projects and your role in each.`,
  keys: `  keys list [--project <id>] [--json]
      The project's API keys.
  keys create --name <name> --scope <scope>... [--environment staging|production] [--type server|client]
              [--project <id>] [--json]
      Creates an API key (owners and admins) and prints its secret, once. --scope repeats, or takes a
      comma-separated list; --environment defaults to staging, --type to server.
  keys revoke <keyId> [--project <id>] [--json]
      Revokes an API key (owners and admins).`,
  collections: `  collections list [--project <id>] [--page <n>] [--per-page <n>] [--json]
      The project's collections, newest first, with their contract deploy status.
  collections create --name <name> --description <text> --chain <chain> [--image <url>] [--symbol <symbol>]
                     [--fungibility non-fungible|semi-fungible] [--supply-limit <n>] [--project <id>] [--json]
      Creates a collection (owners and admins); its contract deploys in the background.`,
  mint: `  mint --collection <id> --recipient <who> (--name <name> [--image <url>] [--description <text>]
       | --metadata <json|@file.json> | --template <templateId> [--amount <n>]) [--json]
      Mints one NFT (owners and admins). <who> is an email or a wallet address on the collection's chain,
      or a locator: <chain>:<address>, email:<email>:<chain>, userId:<id>:<chain>.
  mint --collection <id> --csv <file.csv> [--concurrency <n>] [--json]
      Mints a row per line of a CSV whose first row names its columns: recipient, and name, image,
      description, animation_url, attributes (JSON) or metadata (JSON), or templateId and amount.
      Progress goes to stderr, one result per row to stdout; the exit code is 1 if any row failed.
      Running the same file again within 24 hours does not mint its accepted rows twice.`,
};

export type UsageTopic = keyof typeof sections;

const developerTopics: UsageTopic[] = ['login', 'projects', 'keys', 'collections', 'mint'];

/** The whole help text. */
export const usage = `Usage: npm run keepsake -- <command>

Developer commands (sign in once; docs/cli.md):
${developerTopics.map((topic) => sections[topic]).join('\n')}
  --project defaults to $KEEPSAKE_PROJECT, else to your only project.
  Add --json to any developer command for JSON output.

Operator commands:
  project create --owner <email> --name <name> [--allowed-origin <origin>]...
      Creates a project owned by <email> (their console account is created if needed) and an
      all-scopes staging API key. Prints {"projectId","publicToken","apiKey"} as JSON.
      Each --allowed-origin (https://app.example.com) may call the project's /sdk/v1 from a browser.
  project update --id <projectId> (--allowed-origin <origin>... | --no-allowed-origins)
      Replaces the project's allowed origins. Prints {"projectId","allowedOrigins"} as JSON.
  help [<command>]
      Shows this text, or one command's.

The CLI reads the same environment as the server (DATABASE_URL, KEEPSAKE_DATA_DIR, …).
While a server holds the embedded database, the CLI asks that server instead of opening it.`;

/** The help of one command group, or the whole text. */
export function usageFor(topic: string | undefined): string {
  if (topic && topic in sections) return `Usage: npm run keepsake -- <command>\n\n${sections[topic as UsageTopic]}\n\nAll commands: npm run keepsake -- help`;
  return usage;
}
