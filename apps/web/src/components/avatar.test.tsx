import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarGradient } from '../lib/avatar-gradient';
import { Avatar } from './avatar';

describe('Avatar', () => {
  it('shows the image at 30x30 by default', () => {
    render(<Avatar userId="u1" imageUrl="https://example.test/me.png" alt="Ada" />);
    const image = screen.getByRole('img', { name: 'Ada' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('width', '30');
    expect(image).toHaveAttribute('height', '30');
  });

  it('shows the gradient when there is no image', () => {
    render(<Avatar userId="u1" width={48} height={48} alt="Ada" />);
    const gradient = screen.getByRole('img', { name: 'Ada' });
    expect(gradient.tagName).toBe('SPAN');
    expect(gradient.style.width).toBe('48px');
    // jsdom drops gradients it cannot parse, so compare with the same parse.
    const probe = document.createElement('span');
    probe.style.background = avatarGradient('u1');
    expect(gradient.style.background).toBe(probe.style.background);
  });

  it('switches to the gradient when the image is broken', () => {
    render(<Avatar userId="u1" imageUrl="https://example.test/broken.png" alt="Ada" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada' }));
    expect(screen.getByTestId('image-fallback')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Ada' })?.tagName).toBe('SPAN');
  });

  it('tries a new image URL again after a broken one', () => {
    const { rerender } = render(<Avatar userId="u1" imageUrl="https://example.test/broken.png" alt="Ada" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada' }));
    rerender(<Avatar userId="u1" imageUrl="https://example.test/new.png" alt="Ada" />);
    expect(screen.getByRole('img', { name: 'Ada' }).tagName).toBe('IMG');
  });
});
