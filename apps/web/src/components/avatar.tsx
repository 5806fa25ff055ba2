import { useState } from 'react';
import { avatarGradient } from '../lib/avatar-gradient';

type AvatarProps = {
  userId: string;
  imageUrl?: string | null | undefined;
  width?: number;
  height?: number;
  /** Alt text of the image, or label of the generated gradient. */
  alt?: string;
  className?: string;
};

/** The user's picture, or a round gradient from their id when it is missing or broken. */
export function Avatar({ userId, imageUrl, width = 30, height = 30, alt = 'Avatar', className = '' }: AvatarProps) {
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  if (imageUrl && imageUrl !== brokenUrl) {
    return (
      <img
        src={imageUrl}
        alt={alt}
        width={width}
        height={height}
        className={`rounded-full object-cover ${className}`}
        style={{ width, height }}
        onError={() => setBrokenUrl(imageUrl)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={alt}
      data-testid="avatar-gradient"
      className={`inline-block shrink-0 rounded-full ${className}`}
      style={{ width, height, background: avatarGradient(userId) }}
    />
  );
}
