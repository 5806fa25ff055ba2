import type { memberSchema } from '@keepsake/wire/console/projects';
import type { z } from 'zod';

/** A project member as the console API returns it (@keepsake/wire; docs/decisions/087). */
export type Member = z.infer<typeof memberSchema>;
