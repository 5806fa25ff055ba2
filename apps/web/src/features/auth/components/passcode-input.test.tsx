import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PasscodeInput, sanitizePasscode } from './passcode-input';

function Harness({ onComplete }: { onComplete: (code: string) => void }) {
  const [value, setValue] = useState('');
  return <PasscodeInput label="Passcode" value={value} onChange={setValue} onComplete={onComplete} />;
}

describe('PasscodeInput', () => {
  it('keeps at most six digits', () => {
    expect(sanitizePasscode('12a-3 4')).toBe('1234');
    expect(sanitizePasscode('123456789')).toBe('123456');
  });

  it('is a numeric one-time-code field labelled Passcode', () => {
    render(<Harness onComplete={() => {}} />);
    const input = screen.getByLabelText('Passcode');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '6');
  });

  it('accepts digits only', () => {
    render(<Harness onComplete={() => {}} />);
    const input = screen.getByLabelText('Passcode');
    fireEvent.change(input, { target: { value: '1a2b' } });
    expect(input).toHaveValue('12');
  });

  it('submits once at six digits', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByLabelText('Passcode');
    fireEvent.change(input, { target: { value: '12345' } });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123456' } });
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
    fireEvent.change(input, { target: { value: '1234567' } });
    expect(onComplete).toHaveBeenCalledOnce();
  });

  it('submits a pasted code', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(screen.getByLabelText('Passcode'), { target: { value: ' 654 321 ' } });
    expect(onComplete).toHaveBeenCalledWith('654321');
  });
});
