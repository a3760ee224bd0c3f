/**
 * The header's two approval marks (seed point 2): a generic approval-body badge and a trade-review
 * directory badge, drawn here (no real scheme's logo). Hidden on small screens by CSS. Not links: the
 * review links live in the home page's reviews section, whose content module stays out of every page's bundle.
 */
export function ApprovalBadges() {
  return (
    <div className="approval-badges">
      <span className="approval-badge" role="img" aria-label="Approved contractor: registered with a national electrical approval body">
        <ApprovalMark />
      </span>
      <span className="approval-badge" role="img" aria-label="Reviewed by customers on a trade review directory">
        <DirectoryMark />
      </span>
    </div>
  );
}

function ApprovalMark() {
  return (
    <svg width="108" height="40" viewBox="0 0 108 40" aria-hidden="true" focusable="false">
      <rect x=".5" y=".5" width="107" height="39" rx="7" fill="#fff" stroke="#1d3a5f" />
      <path d="M20 5l11 4v8c0 8-5 13-11 16C14 30 9 25 9 17V9l11-4z" fill="#1d3a5f" />
      <path d="M15 18l3.5 3.5L26 14" fill="none" stroke="#fbbf24" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      <text x="37" y="17" fontSize="9" fontWeight="800" fill="#0b1a2e" fontFamily="system-ui, sans-serif" letterSpacing=".4">
        APPROVED
      </text>
      <text x="37" y="29" fontSize="7.5" fontWeight="700" fill="#1d3a5f" fontFamily="system-ui, sans-serif">
        CONTRACTOR
      </text>
    </svg>
  );
}

function DirectoryMark() {
  return (
    <svg width="108" height="40" viewBox="0 0 108 40" aria-hidden="true" focusable="false">
      <rect x=".5" y=".5" width="107" height="39" rx="7" fill="#fff" stroke="#15803d" />
      <rect x="6" y="6" width="28" height="28" rx="6" fill="#15803d" />
      <path d="M20 10.5l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2-5.6-3-5.6 3 1.1-6.2-4.5-4.4 6.2-.9 2.8-5.7z" fill="#fff" />
      <text x="40" y="17" fontSize="9" fontWeight="800" fill="#0b1a2e" fontFamily="system-ui, sans-serif" letterSpacing=".4">
        TRADE
      </text>
      <text x="40" y="29" fontSize="7.5" fontWeight="700" fill="#166534" fontFamily="system-ui, sans-serif">
        REVIEWED
      </text>
    </svg>
  );
}
