// A project's name (POST /api/console/projects, PATCH /api/console/projects/{id}). Its own module so the console
// shell's create-project form loads this schema alone, not every project and auth-settings schema with it.
import { z } from 'zod';

export const maxProjectNameLength = 64;

export const projectNameSchema = z
  .string({ message: 'name must be a string' })
  .trim()
  .min(1, { message: 'Name cannot be empty' })
  .max(maxProjectNameLength, { message: `Name must be at most ${maxProjectNameLength} characters` });

/** POST /api/console/projects and PATCH /api/console/projects/{id}. */
export const projectNameBody = z.object({ name: projectNameSchema });
