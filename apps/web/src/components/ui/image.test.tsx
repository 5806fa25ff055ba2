import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { avatarGradient } from '../../lib/avatar-gradient';
import { displayableImageUrl } from '../../lib/image-source';
import { Image } from './image';

const cid = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi';

/** What jsdom makes of a gradient (it drops what it cannot parse), for comparison. */
function parsedBackground(seed: string): string {
  const probe = document.createElement('span');
  probe.style.background = avatarGradient(seed);
  return probe.style.background;
}

describe('displayableImageUrl (spec §5)', () => {
  it('sends ipfs:// through the gateway and keeps web URLs, and refuses what an <img> must not load', () => {
    expect(displayableImageUrl(`ipfs://${cid}/1.png`)).toBe(`https://ipfs.io/ipfs/${cid}/1.png`);
    expect(displayableImageUrl(`ipfs://${cid}`, 'https://gw.example.com/')).toBe(`https://gw.example.com/ipfs/${cid}`);
    expect(displayableImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(displayableImageUrl('/og-image.png')).toBe('/og-image.png');
    expect(displayableImageUrl('ipfs://not-a-cid')).toBeNull();
    expect(displayableImageUrl('javascript:alert(1)')).toBeNull();
    expect(displayableImageUrl('//evil.example.com/a.png')).toBeNull();
    expect(displayableImageUrl('  ')).toBeNull();
    expect(displayableImageUrl(null)).toBeNull();
  });
});

describe('Image', () => {
  it('loads an ipfs:// image from the gateway', () => {
    render(<Image src={`ipfs://${cid}/7.png`} alt="Seat 7" seed="nft-7" />);
    expect(screen.getByRole('img', { name: 'Seat 7' })).toHaveAttribute('src', `https://ipfs.io/ipfs/${cid}/7.png`);
  });

  it('falls back to the gradient derived from the seed when the image breaks, and tries a new URL again', () => {
    const { rerender } = render(<Image src="https://cdn.example.com/broken.png" alt="Seat 1" seed="nft-1" />);
    fireEvent.error(screen.getByRole('img', { name: 'Seat 1' }));
    const fallback = screen.getByRole('img', { name: 'Seat 1' });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveAttribute('data-testid', 'image-fallback');
    expect(fallback.style.background).toBe(parsedBackground('nft-1'));
    expect(parsedBackground('nft-1')).not.toBe(parsedBackground('nft-2'));

    rerender(<Image src="https://cdn.example.com/new.png" alt="Seat 1" seed="nft-1" />);
    expect(screen.getByRole('img', { name: 'Seat 1' }).tagName).toBe('IMG');
  });

  it('shows the gradient at once for no image or an unusable one, and hides a decorative one from screen readers', () => {
    render(
      <>
        <Image src={null} alt="No picture" seed="a" />
        <Image src="ftp://example.com/a.png" alt="Wrong scheme" seed="b" />
        <Image src={null} alt="" seed="c" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'No picture' }).tagName).toBe('SPAN');
    expect(screen.getByRole('img', { name: 'Wrong scheme' }).tagName).toBe('SPAN');
    expect(screen.getAllByTestId('image-fallback')[2]).toHaveAttribute('aria-hidden', 'true');
  });
});
