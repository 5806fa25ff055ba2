import { useState } from 'react';

/**
 * An NFT's image, or a placeholder (named like the image, with `placeholder` as its text) when there is none
 * or it fails to load: broken images degrade gracefully.
 */
export function NftImage({
  src,
  name,
  placeholder,
  className = '',
}: {
  src: string | null | undefined;
  name: string;
  placeholder: string;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  if (src && broken !== src) {
    return <img src={src} alt={name} loading="lazy" onError={() => setBroken(src)} className={`bg-slate-100 object-cover dark:bg-slate-800 ${className}`} />;
  }
  return (
    <div
      role="img"
      aria-label={name}
      className={`flex items-center justify-center bg-slate-100 text-center text-xs text-slate-500 dark:bg-slate-800 ${className}`}
    >
      {placeholder}
    </div>
  );
}
