import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCompactDateTime } from '../../lib/format-date';
import { DateTime } from './date-time';

describe('DateTime', () => {
  it('stays on one line, with the full value in its tooltip and the ISO value for machines', () => {
    const iso = new Date(new Date().getFullYear(), 10, 25, 22, 35, 12).toISOString();
    render(<DateTime value={iso} />);
    const time = screen.getByText(formatCompactDateTime(iso));
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', iso);
    expect(time).toHaveClass('whitespace-nowrap');
    expect(time.getAttribute('title')).toMatch(/2\d{3}/);
    expect(time.getAttribute('title')).toMatch(/:12/);
  });

  it('shows a dash for no value', () => {
    render(<DateTime value={null} />);
    expect(screen.getByText('—').tagName).not.toBe('TIME');
  });
});

describe('formatCompactDateTime', () => {
  const now = new Date(2026, 10, 25, 23, 0);
  it('leaves the year out this year and keeps the time', () => {
    const text = formatCompactDateTime(new Date(2026, 10, 25, 22, 35).toISOString(), { now });
    expect(text).not.toMatch(/2026/);
    expect(text).toMatch(/35/);
  });

  it('keeps the year, without the time, for another year', () => {
    const text = formatCompactDateTime(new Date(2025, 0, 3, 9, 41).toISOString(), { now });
    expect(text).toMatch(/2025/);
    expect(text).not.toMatch(/41/);
  });

  it('drops the time when asked for the date only', () => {
    expect(formatCompactDateTime(new Date(2026, 10, 25, 22, 35).toISOString(), { now, dateOnly: true })).not.toMatch(/35/);
  });
});
