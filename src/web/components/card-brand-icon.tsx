import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { knownBrand } from '../lib/card-format';

/**
 * A card brand's mark as inline SVG (no external images; the CSP allows none): Visa, Mastercard,
 * American Express, Discover, or a generic card. Decorative: the brand's name is written beside it.
 */
export function CardBrandIcon({ brand, className }: { brand: string; className?: string }) {
  const kind = knownBrand(brand);
  return (
    <svg
      viewBox="0 0 48 32"
      className={cn('h-8 w-12 shrink-0', className)}
      aria-hidden="true"
      focusable="false"
      data-testid="card-brand-icon"
      data-brand={kind}
    >
      {MARKS[kind]}
    </svg>
  );
}

const frame = (fill: string, stroke?: string) => (
  <rect x="0.5" y="0.5" width="47" height="31" rx="4" fill={fill} stroke={stroke ?? 'none'} />
);

const word = (text: string, fill: string, size: number, extra: Record<string, string | number> = {}) => (
  <text
    x="24"
    y="20.5"
    textAnchor="middle"
    fontFamily="Arial, Helvetica, sans-serif"
    fontWeight="700"
    fontSize={size}
    fill={fill}
    {...extra}
  >
    {text}
  </text>
);

const MARKS: Record<ReturnType<typeof knownBrand>, ReactNode> = {
  visa: (
    <>
      {frame('#1a1f71')}
      {word('VISA', '#ffffff', 13, { fontStyle: 'italic', letterSpacing: 0.5 })}
      <rect x="6" y="25" width="36" height="2" rx="1" fill="#f7b600" />
    </>
  ),
  mastercard: (
    <>
      {frame('#ffffff', '#cbd5e1')}
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
    </>
  ),
  amex: (
    <>
      {frame('#2e77bc')}
      {word('AMEX', '#ffffff', 12, { letterSpacing: 1 })}
    </>
  ),
  discover: (
    <>
      {frame('#ffffff', '#cbd5e1')}
      <text
        x="5"
        y="19.5"
        fontFamily="Arial, Helvetica, sans-serif"
        fontWeight="700"
        fontSize="7.5"
        fill="#1f2937"
        letterSpacing="0.2"
      >
        DISC
      </text>
      <circle cx="27.5" cy="16.8" r="3.6" fill="#f58220" />
      <text x="31.5" y="19.5" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize="7.5" fill="#1f2937">
        VER
      </text>
      <path d="M30 31.5h13.5a4 4 0 0 0 4-4v-6z" fill="#f58220" />
    </>
  ),
  unknown: (
    <>
      {frame('#e2e8f0', '#94a3b8')}
      <rect x="1" y="7" width="46" height="5" fill="#64748b" />
      <rect x="6" y="19" width="16" height="3" rx="1.5" fill="#94a3b8" />
      <rect x="26" y="19" width="8" height="3" rx="1.5" fill="#94a3b8" />
    </>
  ),
};
