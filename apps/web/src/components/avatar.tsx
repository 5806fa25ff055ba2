import { Image } from './ui/image';

type AvatarProps = {
  userId: string;
  imageUrl?: string | null | undefined;
  width?: number;
  height?: number;
  /** Alt text of the image, or label of the generated gradient. */
  alt?: string;
  className?: string;
};

/** The user's picture, or a round gradient from their id when it is missing or broken (spec §3): the app's one image rule. */
export function Avatar({ userId, imageUrl, width = 30, height = 30, alt = 'Avatar', className = '' }: AvatarProps) {
  return <Image src={imageUrl} alt={alt} seed={userId} width={width} height={height} loading="eager" className={`rounded-full ${className}`} />;
}
