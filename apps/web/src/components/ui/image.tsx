import { useState } from 'react';
import { avatarGradient } from '../../lib/avatar-gradient';
import { cn } from '../../lib/cn';
import { displayableImageUrl } from '../../lib/image-source';

type ImageProps = {
  src: string | null | undefined;
  /** The image's text alternative; also the accessible name of the fallback. Empty for a decorative image. */
  alt: string;
  /** What the fallback gradient derives from: the id of the user, NFT or collection the image belongs to. */
  seed: string;
  className?: string;
  width?: number;
  height?: number;
  /** Lazy by default: most images sit in lists. */
  loading?: 'lazy' | 'eager';
};

/**
 * Every image of the app (ADR 091): `ipfs://` links go through the gateway (spec §5), and a missing, unusable or
 * broken image becomes the gradient derived from `seed` (spec §3/§9, like the avatar), never the browser's
 * broken-image icon. Size and shape come from `className` (and `width`/`height` where given).
 */
export function Image({ src, alt, seed, className, width, height, loading = 'lazy' }: ImageProps) {
  const url = displayableImageUrl(src);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const style = width !== undefined && height !== undefined ? { width, height } : undefined;
  if (url && url !== brokenUrl) {
    return (
      <img
        src={url}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        onError={() => setBrokenUrl(url)}
        className={cn('shrink-0 bg-slate-100 object-cover dark:bg-slate-800', className)}
        style={style}
      />
    );
  }
  return (
    <span
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      data-testid="image-fallback"
      className={cn('inline-block shrink-0', className)}
      style={{ ...style, background: avatarGradient(seed) }}
    />
  );
}
