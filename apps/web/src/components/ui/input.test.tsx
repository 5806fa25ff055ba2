import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../testing/render';
import { SelectField } from '../select-field';
import { TextField } from '../text-field';

describe('invalid fields', () => {
  it('a text field with an error is aria-invalid, red-ringed, and described by its error (and hint)', () => {
    render(
      <TestProviders>
        <TextField label="Endpoint URL" hint="Where we POST events" error="url must use https://" required />
      </TestProviders>,
    );
    const input = screen.getByRole('textbox', { name: /Endpoint URL/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('url must use https:// Where we POST events');
    expect(input.className).toMatch(/(^| )aria-invalid:ring-red-600( |$)/);
    // Focused while invalid, it keeps the red ring and adds a red halo (focus stays visible).
    expect(input.className).toMatch(/aria-invalid:focus:shadow-/);
    expect(screen.getByRole('alert')).toHaveTextContent('url must use https://');
  });

  it('a valid field is neither invalid nor described by an error', () => {
    render(
      <TestProviders>
        <TextField label="Description" />
      </TestProviders>,
    );
    const input = screen.getByRole('textbox', { name: 'Description' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('a native select with an error is tied to it the same way', () => {
    render(
      <TestProviders>
        <SelectField
          label="Role"
          error="Pick a role"
          options={[
            { value: '', label: 'Choose…' },
            { value: 'admin', label: 'Admin' },
          ]}
        />
      </TestProviders>,
    );
    const select = screen.getByRole('combobox', { name: 'Role' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick a role');
    expect(select.className).toMatch(/aria-invalid:ring-red-600/);
  });
});
