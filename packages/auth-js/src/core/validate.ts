// Spec §5 input checks, run before any request: strings, integers, objects and booleans as listed, with the
// parameter-helper messages ('Empty parameter {name}', '{name} must be a string', '{name} must be an
// integer', '{name} must be a boolean value') and the widget's email texts.
import { InvalidInputError } from '../errors.ts';

/** Spec §5: a local part, @, a domain and a TLD of at least two letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** Spec §5 email messages: the OTP tab's, and the magic-link and password tabs'. */
export const EMAIL_MESSAGES = { otp: 'Invalid email, please try again.', link: 'Invalid email address' } as const;

/** The kinds of argument §5 names. */
export type FieldKind = 'string' | 'integer' | 'object' | 'boolean' | 'strings' | 'function';

function kindError(name: string, kind: FieldKind): string {
  switch (kind) {
    case 'string':
      return `${name} must be a string`;
    case 'integer':
      return `${name} must be an integer`;
    case 'object':
      return `${name} must be an object`;
    case 'boolean':
      return `${name} must be a boolean value`;
    case 'strings':
      return `${name} must be an array of strings`;
    case 'function':
      return `${name} must be a function`;
  }
}

function hasKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'strings':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
    case 'function':
      return typeof value === 'function';
  }
}

/**
 * Checks one argument. A required one that is missing, or an empty string, is 'Empty parameter {name}'.
 * @throws InvalidInputError
 */
export function checkField(method: string, name: string, value: unknown, kind: FieldKind, required = false): void {
  if (value === undefined || value === null || (kind === 'string' && value === '')) {
    if (required) throw new InvalidInputError(method, name, `Empty parameter ${name}`);
    if (value === undefined) return;
  }
  if (!hasKind(value, kind)) throw new InvalidInputError(method, name, kindError(name, kind));
}

/** The kinds of an options object's fields, `required` marking those that must be present. */
export type OptionsSchema = Record<string, FieldKind | { kind: FieldKind; required: true }>;

/**
 * Checks an options argument (which may be left out when nothing in it is required) field by field; fields
 * the schema does not name are left for the server to judge.
 * @throws InvalidInputError
 */
export function checkOptions(method: string, options: unknown, schema: OptionsSchema, argumentName = 'options'): void {
  const anyRequired = Object.values(schema).some((field) => typeof field !== 'string');
  if (options === undefined && !anyRequired) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new InvalidInputError(method, argumentName, `${argumentName} must be an object`);
  }
  for (const [name, field] of Object.entries(schema)) {
    const { kind, required } = typeof field === 'string' ? { kind: field, required: false } : field;
    checkField(method, name, (options as Record<string, unknown>)[name], kind, required);
  }
}

/**
 * A required email that must match the §5 pattern; `message` is the tab's text.
 * @throws InvalidInputError
 */
export function checkEmail(method: string, email: unknown, message: string, name = 'email'): string {
  checkField(method, name, email, 'string', true);
  const trimmed = (email as string).trim();
  if (!EMAIL_PATTERN.test(trimmed)) throw new InvalidInputError(method, name, message);
  return trimmed;
}

/** Drops the `undefined` fields of a request body (JSON would drop them too; this keeps bodies readable). */
export function compact<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}
