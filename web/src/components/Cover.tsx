import { MusicalNoteIcon, UserIcon } from '@heroicons/react/24/solid';

export interface ImageData {
  url: string;
  width?: number | null;
}

/** The smallest image at least `size` CSS pixels wide (twice that on dense screens), else the largest. */
export function pickImage(images: readonly ImageData[] | null | undefined, size: number): string | undefined {
  if (!images || images.length === 0) return undefined;
  const wanted = size * 2;
  const sorted = [...images].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (sorted.find((image) => (image.width ?? 0) >= wanted) ?? sorted[sorted.length - 1])?.url;
}

interface CoverProps {
  images: readonly ImageData[] | null | undefined;
  /** The rendered width in CSS pixels, to pick the image. */
  size: number;
  /** Round for people, square for records. */
  shape?: 'square' | 'round';
  className?: string;
  /** Decorative by default: the name next to it says what it shows. */
  alt?: string;
}

/** Cover art or a portrait, lazily loaded, with a placeholder when there is none. */
export function Cover({ images, size, shape = 'square', className = '', alt = '' }: CoverProps) {
  const url = pickImage(images, size);
  const rounding = shape === 'round' ? 'rounded-full' : 'rounded-md';
  if (!url) {
    const Icon = shape === 'round' ? UserIcon : MusicalNoteIcon;
    return (
      <div
        className={`flex shrink-0 items-center justify-center bg-neutral-800 text-neutral-500 ${rounding} ${className}`}
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
      >
        <Icon aria-hidden="true" className="size-1/3" />
      </div>
    );
  }
  return (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      decoding="async"
      width={size}
      height={size}
      className={`shrink-0 bg-neutral-800 object-cover ${rounding} ${className}`}
    />
  );
}
