/**
 * The transport's own icons where Heroicons has none: skip to the previous or next item (a bar beside a
 * triangle, not the double triangle of rewind and fast-forward), and a jump of 15 seconds either way.
 */

interface IconProps {
  className?: string;
}

export function SkipPreviousIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <rect x="4" y="4" width="2.5" height="16" rx="1" />
      <path d="M19.2 4.4a1 1 0 0 1 1.5.9v13.4a1 1 0 0 1-1.5.9L8.6 12.9a1 1 0 0 1 0-1.8z" />
    </svg>
  );
}

export function SkipNextIcon({ className }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" className={className}>
      <rect x="17.5" y="4" width="2.5" height="16" rx="1" />
      <path d="M4.8 4.4a1 1 0 0 0-1.5.9v13.4a1 1 0 0 0 1.5.9l10.6-6.7a1 1 0 0 0 0-1.8z" />
    </svg>
  );
}

/** A circular arrow around "15", turning back (`back`) or on. */
export function Jump15Icon({ className, back = false }: IconProps & { back?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" aria-hidden="true" className={className}>
      <g transform={back ? undefined : 'matrix(-1 0 0 1 24 0)'}>
        <path d="M5.2 8.2A8 8 0 1 1 4 12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        <path d="M3.6 4.6v4.4H8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </g>
      <text x="12" y="15.4" textAnchor="middle" fontSize="8.5" fontWeight="700" fill="currentColor">
        15
      </text>
    </svg>
  );
}
