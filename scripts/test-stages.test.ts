// `npm test` (scripts/test.ts) names the vitest projects it runs; a project added to vitest.config.ts but not to a
// stage would never run in CI. This keeps the two lists in step.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.ts';

const projectNames = (config.test?.projects ?? []).map((project) => (project as { test: { name: string } }).test.name);
const stageProjects = [...readFileSync(new URL('./test.ts', import.meta.url), 'utf8').matchAll(/vitest\('[^']+', \[([^\]]*)\]/g)].flatMap((match) =>
  [...match[1]!.matchAll(/'([^']+)'/g)].map((name) => name[1]!),
);

describe('npm test stages', () => {
  it('runs every vitest project of vitest.config.ts, and no unknown one', () => {
    expect(projectNames.length).toBeGreaterThan(3);
    expect([...new Set(stageProjects)].sort()).toEqual([...projectNames].sort());
  });
});
