/** The site's mark: an open book with a rising line, drawn inline so it follows the text colour. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="brand-mark">
      <path
        d="M4 8.5c4-1.6 8-1.2 12 1.5 4-2.7 8-3.1 12-1.5V25c-4-1.4-8-1-12 1.6C12 24 8 23.6 4 25z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M16 10v16.5" stroke="currentColor" strokeWidth="2" />
      <path d="M7.5 19.5l3-3 2.5 2 3-4" fill="none" stroke="var(--accent)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
