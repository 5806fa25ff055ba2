import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TestProviders, mockFetch } from '../../../testing/render';
import { ProjectSwitcher } from '../components/project-switcher';
import type { Project } from '../types/project';
import { CurrentProjectProvider, PROJECT_STORAGE_KEY, pickCurrentProject, useCurrentProject } from './use-current-project';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const project = (id: string, name: string): Project => ({
  id,
  name,
  role: 'owner',
  publicToken: `public-token-test-${id}`,
  createdAt: '2025-01-01T00:00:00Z',
});
const projects = [project('p1', 'Alpha'), project('p2', 'Beta')];

function Current() {
  const { project: current } = useCurrentProject();
  return <output>{current?.name ?? 'none'}</output>;
}

function renderSwitcher() {
  mockFetch({ 'GET /api/console/projects': { body: { projects } } });
  render(
    <TestProviders>
      <CurrentProjectProvider>
        <ProjectSwitcher />
        <Current />
      </CurrentProjectProvider>
    </TestProviders>,
  );
}

describe('current project', () => {
  it('picks the stored project, else the first', () => {
    expect(pickCurrentProject(projects, 'p2')?.name).toBe('Beta');
    expect(pickCurrentProject(projects, 'gone')?.name).toBe('Alpha');
    expect(pickCurrentProject(projects, null)?.name).toBe('Alpha');
    expect(pickCurrentProject([], 'p1')).toBeNull();
  });

  it('defaults to the first project', async () => {
    renderSwitcher();
    expect(await screen.findByRole('combobox', { name: 'Project' })).toHaveValue('p1');
    expect(screen.getByRole('status')).toHaveTextContent('Alpha');
  });

  it('restores and remembers the choice in localStorage', async () => {
    window.localStorage.setItem(PROJECT_STORAGE_KEY, 'p2');
    renderSwitcher();
    const select = await screen.findByRole('combobox', { name: 'Project' });
    expect(select).toHaveValue('p2');
    fireEvent.change(select, { target: { value: 'p1' } });
    expect(window.localStorage.getItem(PROJECT_STORAGE_KEY)).toBe('p1');
    expect(screen.getByRole('status')).toHaveTextContent('Alpha');
  });
});
