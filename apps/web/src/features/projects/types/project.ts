import type { projectSchema } from '@keepsake/wire/console/projects';
import type { z } from 'zod';

/** A project as the console API returns it (@keepsake/wire; docs/decisions/087). */
export type Project = z.infer<typeof projectSchema>;
