/**
 * The sign-in page's illustration: a factory line feeding a console window, drawn in SVG so the
 * page needs no image files. White on the brand gradient; the gears turn slowly.
 */
const TEETH = [0, 45, 90, 135, 180, 225, 270, 315];

function Gear({
  x,
  y,
  r,
  seconds,
  reverse,
}: {
  x: number;
  y: number;
  r: number;
  seconds: number;
  reverse?: boolean;
}) {
  const tooth = r * 0.42;
  return (
    <g transform={`translate(${x} ${y})`}>
      <g>
        <animateTransform
          attributeName="transform"
          type="rotate"
          from={reverse ? '360' : '0'}
          to={reverse ? '0' : '360'}
          dur={`${seconds}s`}
          repeatCount="indefinite"
        />
        {TEETH.map((deg) => (
          <rect
            key={deg}
            x={-tooth / 2}
            y={-r - tooth * 0.55}
            width={tooth}
            height={tooth}
            rx={2}
            fill="#fff"
            fillOpacity={0.9}
            transform={`rotate(${deg})`}
          />
        ))}
        <circle r={r} fill="#fff" fillOpacity={0.9} />
        <circle r={r * 0.42} fill="#5878fc" />
      </g>
    </g>
  );
}

export default function LoginArt() {
  return (
    <svg viewBox="0 0 520 380" width="100%" role="img" aria-label="工厂生产与服务示意图">
      <defs>
        <linearGradient id="loginArtBar" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#5878fc" />
          <stop offset="1" stopColor="#8fa3ff" />
        </linearGradient>
      </defs>

      {/* factory skyline behind the console */}
      <path
        d="M20 300V190l50 30v-30l50 30v-30l50 30V130h26v170z M360 300V170h24v-30h18v30h40v130z"
        fill="#fff"
        fillOpacity={0.12}
      />
      <rect x="0" y="300" width="520" height="2" fill="#fff" fillOpacity={0.25} />

      {/* console window */}
      <g>
        <rect x="96" y="48" width="330" height="214" rx="14" fill="#fff" fillOpacity={0.97} />
        <rect x="96" y="48" width="330" height="30" rx="14" fill="#eef1ff" />
        <rect x="96" y="64" width="330" height="14" fill="#eef1ff" />
        <circle cx="116" cy="63" r="5" fill="#ff7875" />
        <circle cx="132" cy="63" r="5" fill="#ffc53d" />
        <circle cx="148" cy="63" r="5" fill="#73d13d" />
        <rect x="96" y="78" width="58" height="184" fill="#f5f7ff" />
        <rect x="96" y="246" width="58" height="16" fill="#f5f7ff" />
        {[98, 122, 146, 170].map((y, i) => (
          <rect
            key={y}
            x="108"
            y={y}
            width={i === 0 ? 34 : 28}
            height="8"
            rx="4"
            fill={i === 0 ? '#5878fc' : '#d6dcf5'}
          />
        ))}

        {/* tiles */}
        {[170, 254, 338].map((x, i) => (
          <g key={x}>
            <rect x={x} y="92" width="72" height="40" rx="8" fill="#f5f7ff" />
            <rect x={x + 10} y="102" width="26" height="6" rx="3" fill="#c4ccef" />
            <rect
              x={x + 10}
              y="114"
              width={[44, 36, 50][i]}
              height="9"
              rx="4"
              fill={['#5878fc', '#0075c2', '#36cfc9'][i]}
            />
          </g>
        ))}

        {/* bar chart */}
        <rect x="170" y="144" width="150" height="104" rx="8" fill="#f5f7ff" />
        {[52, 70, 40, 82, 62, 90].map((h, i) => (
          <rect key={h} x={182 + i * 22} y={238 - h} width="12" height={h} rx="3" fill="url(#loginArtBar)" />
        ))}

        {/* trend line */}
        <rect x="330" y="144" width="80" height="104" rx="8" fill="#f5f7ff" />
        <polyline
          points="340,226 354,206 368,214 382,184 398,170"
          fill="none"
          stroke="#0075c2"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="398" cy="170" r="4" fill="#0075c2" />
      </g>

      {/* conveyor with parts, in front of the skyline */}
      <rect x="40" y="322" width="330" height="14" rx="7" fill="#fff" fillOpacity={0.85} />
      {[56, 96, 136, 176, 216, 256, 296, 336].map((cx) => (
        <circle key={cx} cx={cx} cy="329" r="4" fill="#5878fc" fillOpacity={0.55} />
      ))}
      {[70, 150, 230, 300].map((x, i) => (
        <rect
          key={x}
          x={x}
          y={i % 2 ? 296 : 300}
          width={i % 2 ? 30 : 26}
          height={i % 2 ? 26 : 22}
          rx="4"
          fill="#fff"
          fillOpacity={0.95}
        />
      ))}
      <rect x="60" y="336" width="8" height="30" fill="#fff" fillOpacity={0.5} />
      <rect x="342" y="336" width="8" height="30" fill="#fff" fillOpacity={0.5} />

      <Gear x={440} y={304} r={30} seconds={14} />
      <Gear x={482} y={256} r={17} seconds={8} reverse />
    </svg>
  );
}
