/** Sally, the landing demo's guide: a friendly trader drawn in SVG. */
export function Sally({ mood }: { mood: 'waiting' | 'happy' }) {
  const happy = mood === 'happy';
  return (
    <svg className="sally" viewBox="0 0 160 200" role="img" aria-label="Sally, your guide">
      <defs>
        <linearGradient id="sally-hair" x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#8c4a2f" />
          <stop offset="1" stopColor="#5e2f1d" />
        </linearGradient>
      </defs>
      {/* hair behind */}
      <path
        d="M32 78 C30 30 130 30 128 78 L132 130 C110 118 50 118 28 130 Z"
        fill="url(#sally-hair)"
      />
      {/* body */}
      <path d="M30 200 C32 150 56 136 80 136 C104 136 128 150 130 200 Z" fill="#26a69a" />
      <path d="M66 138 L80 158 L94 138" fill="none" stroke="#e8e8f0" strokeWidth="4" />
      {/* neck and face */}
      <rect x="70" y="116" width="20" height="24" rx="8" fill="#f2c6a0" />
      <ellipse cx="80" cy="82" rx="38" ry="42" fill="#f7d2b0" />
      {/* fringe */}
      <path
        d="M42 70 C50 40 100 36 120 66 C104 58 80 56 60 64 C54 66 48 68 42 70 Z"
        fill="url(#sally-hair)"
      />
      {/* eyes */}
      {happy ? (
        <g fill="none" stroke="#2b2b3a" strokeWidth="4" strokeLinecap="round">
          <path d="M58 84 Q66 76 74 84" />
          <path d="M86 84 Q94 76 102 84" />
        </g>
      ) : (
        <g fill="#2b2b3a">
          <circle cx="66" cy="84" r="5" />
          <circle cx="94" cy="84" r="5" />
        </g>
      )}
      {/* cheeks and smile */}
      <circle cx="56" cy="98" r="6" fill="#ef5350" opacity="0.25" />
      <circle cx="104" cy="98" r="6" fill="#ef5350" opacity="0.25" />
      <path
        d={happy ? 'M64 100 Q80 118 96 100 Z' : 'M66 102 Q80 112 94 102'}
        fill={happy ? '#7a2330' : 'none'}
        stroke="#7a2330"
        strokeWidth="3"
        strokeLinecap="round"
      />
      {/* headset: she is a trader */}
      <path d="M40 80 C40 36 120 36 120 80" fill="none" stroke="#2b2b3a" strokeWidth="5" />
      <rect x="34" y="76" width="10" height="20" rx="4" fill="#2b2b3a" />
      <path d="M40 96 Q44 112 62 110" fill="none" stroke="#2b2b3a" strokeWidth="3" />
    </svg>
  );
}
