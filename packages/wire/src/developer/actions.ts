// Asynchronous actions (GET /api/2022-06-09/actions/{actionId}).
import { z } from 'zod';
import { uuidSchema } from '../common.ts';

export const actionSchema = z
  .object({
    actionId: z.string(),
    action: z.string().meta({ description: 'What was asked, e.g. collections.create' }),
    status: z.enum(['pending', 'succeeded', 'failed']),
    data: z.record(z.string(), z.unknown()),
    startedAt: z.string(),
    completedAt: z.string().nullable(),
    resource: z.string().meta({ description: 'The API URL of what the action made' }),
  })
  .meta({ id: 'Action' });

export const actionParams = z.object({ actionId: uuidSchema });
