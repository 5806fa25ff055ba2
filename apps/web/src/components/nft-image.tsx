import { Image } from './ui/image';

/**
 * An NFT's image: through the IPFS gateway when it is an `ipfs://` link, or the gradient derived from the NFT's
 * id when there is none or it fails to load (ADR 091).
 */
export function NftImage({ src, name, seed, className = '' }: { src: string | null | undefined; name: string; seed: string; className?: string }) {
  return <Image src={src} alt={name} seed={seed} className={className} />;
}
