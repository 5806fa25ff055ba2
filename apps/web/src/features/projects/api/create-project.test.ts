import { describe, expect, it } from 'vitest';
import { projectNameSchema } from './create-project';

describe('projectNameSchema', () => {
  const schema = projectNameSchema('Name cannot be empty', 'Too long');

  it('accepts 1 to 64 characters, trimmed', () => {
    expect(schema.parse({ name: '  Demo  ' })).toEqual({ name: 'Demo' });
    expect(schema.safeParse({ name: 'x'.repeat(64) }).success).toBe(true);
  });

  it('rejects blank and overlong names', () => {
    expect(schema.safeParse({ name: '   ' }).error?.issues[0]?.message).toBe('Name cannot be empty');
    expect(schema.safeParse({ name: 'x'.repeat(65) }).error?.issues[0]?.message).toBe('Too long');
  });
});
