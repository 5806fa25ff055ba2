// The API key shapes of the console API, derived from the server's schemas (@keepsake/wire; docs/decisions/087).
import type { apiKeySchema, scopeSchema } from '@keepsake/wire/console/projects';
import type { z } from 'zod';

export type ApiKey = z.infer<typeof apiKeySchema>;

export type Scope = z.infer<typeof scopeSchema>;
