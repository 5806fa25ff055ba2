import type { authConfigSchema } from '@keepsake/wire/console/auth-config';
import type { authSettingsSchema } from '@keepsake/wire/console/projects';
import type { z } from 'zod';

/**
 * `GET /api/console/projects/{id}/auth-config`: a project's browser origins and every auth-service setting
 * (`projects.auth_config`, made whole with the defaults by the server). Derived from the server's schemas
 * (@keepsake/wire; docs/decisions/087).
 */
export type AuthSettings = z.output<typeof authSettingsSchema>;

export type AuthConfig = z.output<typeof authConfigSchema>;
