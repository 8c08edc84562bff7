// Drawn previews of the terminal's screens for the landing gallery (our own screens, drawn as
// wireframes; no stock images). Each drawing is a 320×200 SVG in the theme's colours. They are
// drawn into previews.svg at development time (preview-sprite.test.ts), not in the browser.

export type PreviewKind =
  | 'signals'
  | 'heatmap'
  | 'prices'
  | 'analysis'
  | 'candles'
  | 'notes'
  | 'notifications'
  | 'bias'
  | 'blog'
  | 'resources'
  | 'status';

const UP = 'var(--t0-up)';
const DOWN = 'var(--t0-down)';
const LINE = 'var(--t0-border)';
const MUTED = 'var(--t0-muted)';
const PANEL = 'var(--t0-surface-2)';

/** A repeatable pseudo-random sequence, so drawings look the same on every render. */
function seq(seed: number) {
  let s = seed;
  return () => {
    s = (s * 9301 + 49297) % 233280;
    return s / 233280;
  };
}

function Bar({
  x,
  y,
  w,
  h = 6,
  fill = MUTED,
  o = 0.5,
}: {
  x: number;
  y: number;
  w: number;
  h?: number;
  fill?: string;
  o?: number;
}) {
  return <rect x={x} y={y} width={w} height={h} rx={1.5} fill={fill} opacity={o} />;
}

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <>
      <rect x={0} y={0} width={320} height={200} fill="var(--t0-surface-1)" />
      <rect x={0} y={0} width={320} height={22} fill={PANEL} />
      <circle cx={10} cy={11} r={3} fill={UP} />
      <text x={20} y={15} fontSize={9} fontFamily="monospace" fill={MUTED} letterSpacing={1}>
        {title}
      </text>
      {children}
    </>
  );
}

function Signals() {
  const r = seq(3);
  return (
    <Frame title="T0 // LIVE SIGNALS">
      {Array.from({ length: 7 }, (_, i) => {
        const y = 34 + i * 22;
        const long = r() > 0.45;
        return (
          <g key={i}>
            <line x1={8} x2={312} y1={y + 15} y2={y + 15} stroke={LINE} />
            <Bar x={12} y={y + 3} w={44} o={0.7} />
            <rect x={66} y={y} width={34} height={12} rx={2} fill={long ? UP : DOWN} opacity={0.85} />
            <Bar x={112} y={y + 3} w={40 + r() * 16} />
            <Bar x={176} y={y + 3} w={36 + r() * 14} />
            <Bar x={236} y={y + 3} w={30} fill={i < 3 ? UP : MUTED} o={0.6} />
          </g>
        );
      })}
    </Frame>
  );
}

function Heatmap() {
  const r = seq(11);
  return (
    <Frame title="T0 // SIGNAL HEAT MAP">
      {Array.from({ length: 12 }, (_, i) => {
        const col = i % 4;
        const row = Math.floor(i / 4);
        const v = r();
        return (
          <rect
            key={i}
            x={10 + col * 76}
            y={32 + row * 54}
            width={70}
            height={48}
            rx={3}
            fill={v > 0.5 ? UP : DOWN}
            opacity={0.2 + v * 0.6}
          />
        );
      })}
    </Frame>
  );
}

function Prices() {
  const r = seq(5);
  return (
    <Frame title="T0 // LIVE PRICES">
      {Array.from({ length: 6 }, (_, i) => {
        const y = 32 + i * 27;
        const up = r() > 0.4;
        return (
          <g key={i}>
            <rect x={8} y={y} width={304} height={22} rx={2} fill={PANEL} />
            <Bar x={16} y={y + 8} w={46} o={0.8} />
            <Bar x={150} y={y + 8} w={58} fill="var(--mantine-color-text)" o={0.7} />
            <Bar x={250} y={y + 8} w={48} fill={up ? UP : DOWN} o={0.9} />
          </g>
        );
      })}
    </Frame>
  );
}

function Candles({ title = 'T0 // US30 · 4H', seed = 7 }: { title?: string; seed?: number }) {
  const r = seq(seed);
  let price = 110;
  return (
    <Frame title={title}>
      {[60, 100, 140].map((y) => (
        <line key={y} x1={8} x2={312} y1={y} y2={y} stroke={LINE} strokeDasharray="3 4" />
      ))}
      {Array.from({ length: 24 }, (_, i) => {
        const open = price;
        price += (r() - 0.45) * 16;
        price = Math.max(40, Math.min(180, price));
        const close = price;
        const hi = Math.min(open, close) - r() * 10;
        const lo = Math.max(open, close) + r() * 10;
        const x = 14 + i * 12.5;
        const up = close < open;
        return (
          <g key={i}>
            <line x1={x + 3} x2={x + 3} y1={hi} y2={lo} stroke={up ? UP : DOWN} />
            <rect
              x={x}
              y={Math.min(open, close)}
              width={6}
              height={Math.max(2, Math.abs(close - open))}
              fill={up ? UP : DOWN}
            />
          </g>
        );
      })}
    </Frame>
  );
}

function Analysis() {
  return (
    <Frame title="T0 // GBPJPY ANALYSIS">
      <rect x={8} y={30} width={180} height={160} rx={3} fill={PANEL} />
      <polyline points="16,160 40,140 62,150 90,110 118,120 140,80 180,70" fill="none" stroke={UP} strokeWidth={2} />
      <line x1={16} x2={180} y1={96} y2={96} stroke="var(--t0-warn)" strokeDasharray="4 3" />
      {Array.from({ length: 8 }, (_, i) => (
        <Bar key={i} x={198} y={36 + i * 18} w={i % 3 === 0 ? 70 : 108} o={i === 0 ? 0.9 : 0.45} />
      ))}
    </Frame>
  );
}

function Notes() {
  return (
    <Frame title="T0 // CHART NOTES">
      {Array.from({ length: 3 }, (_, i) => (
        <g key={i}>
          <rect x={8 + i * 104} y={32} width={96} height={158} rx={3} fill={PANEL} />
          <rect x={14 + i * 104} y={38} width={84} height={56} rx={2} fill={i === 1 ? DOWN : UP} opacity={0.25} />
          <Bar x={14 + i * 104} y={104} w={60} o={0.8} />
          <Bar x={14 + i * 104} y={118} w={80} />
          <Bar x={14 + i * 104} y={130} w={70} />
          <Bar x={14 + i * 104} y={142} w={76} />
        </g>
      ))}
    </Frame>
  );
}

function Notifications() {
  const colors = [UP, DOWN, 'var(--t0-info)', 'var(--t0-warn)', UP, 'var(--t0-info)'];
  return (
    <Frame title="T0 // NOTIFICATION CENTER">
      {colors.map((c, i) => (
        <g key={i}>
          <rect x={8} y={30 + i * 28} width={304} height={24} rx={2} fill={PANEL} />
          <rect x={8} y={30 + i * 28} width={3} height={24} fill={c} />
          <Bar x={18} y={36 + i * 28} w={120} o={0.8} />
          <Bar x={18} y={46 + i * 28} w={200} h={4} />
          {i < 2 && <circle cx={300} cy={42 + i * 28} r={4} fill={UP} />}
        </g>
      ))}
    </Frame>
  );
}

function Bias() {
  const r = seq(19);
  return (
    <Frame title="T0 // MONTHLY BIAS">
      {['AUDUSD', 'GBPJPY', 'GBPUSD', 'US30'].map((s, i) => {
        const w = 40 + r() * 200;
        const up = r() > 0.4;
        return (
          <g key={s}>
            <text x={12} y={52 + i * 40} fontSize={10} fontFamily="monospace" fill={MUTED}>
              {s}
            </text>
            <rect x={70} y={42 + i * 40} width={w} height={14} rx={2} fill={up ? UP : DOWN} opacity={0.75} />
          </g>
        );
      })}
    </Frame>
  );
}

function Blog() {
  return (
    <Frame title="T0 // BLOG">
      {Array.from({ length: 3 }, (_, i) => (
        <g key={i}>
          <rect x={8 + i * 104} y={32} width={96} height={158} rx={3} fill={PANEL} />
          <rect x={8 + i * 104} y={32} width={96} height={60} rx={3} fill="var(--t0-info)" opacity={0.25} />
          <Bar x={14 + i * 104} y={102} w={70} o={0.85} />
          <Bar x={14 + i * 104} y={116} w={84} h={4} />
          <Bar x={14 + i * 104} y={124} w={80} h={4} />
          <Bar x={14 + i * 104} y={132} w={60} h={4} />
          <Bar x={14 + i * 104} y={172} w={40} h={5} fill={UP} o={0.7} />
        </g>
      ))}
    </Frame>
  );
}

function Resources() {
  return (
    <Frame title="T0 // RESOURCES">
      {Array.from({ length: 5 }, (_, i) => (
        <g key={i}>
          <rect x={8} y={30 + i * 33} width={304} height={28} rx={2} fill={PANEL} />
          <rect x={14} y={35 + i * 33} width={14} height={18} rx={1} fill="var(--t0-warn)" opacity={0.7} />
          <Bar x={38} y={38 + i * 33} w={140} o={0.8} />
          <Bar x={38} y={48 + i * 33} w={90} h={4} />
          <rect x={262} y={36 + i * 33} width={42} height={16} rx={2} fill={UP} opacity={0.5} />
        </g>
      ))}
    </Frame>
  );
}

function Status() {
  return (
    <Frame title="T0 // FEED HEALTH">
      {Array.from({ length: 4 }, (_, i) => (
        <g key={i}>
          <rect x={8 + (i % 2) * 154} y={32 + Math.floor(i / 2) * 80} width={150} height={74} rx={3} fill={PANEL} />
          <circle
            cx={24 + (i % 2) * 154}
            cy={50 + Math.floor(i / 2) * 80}
            r={5}
            fill={i === 3 ? 'var(--t0-warn)' : UP}
          />
          <Bar x={36 + (i % 2) * 154} y={47 + Math.floor(i / 2) * 80} w={80} o={0.8} />
          <Bar x={18 + (i % 2) * 154} y={70 + Math.floor(i / 2) * 80} w={110} h={10} fill={UP} o={0.35} />
        </g>
      ))}
    </Frame>
  );
}

/** Each screen's drawing, the content of a 320×200 viewBox. */
export const PREVIEW_DRAWINGS: Record<PreviewKind, () => React.ReactNode> = {
  signals: Signals,
  heatmap: Heatmap,
  prices: Prices,
  analysis: Analysis,
  candles: () => <Candles />,
  notes: Notes,
  notifications: Notifications,
  bias: Bias,
  blog: Blog,
  resources: Resources,
  status: Status,
};

/**
 * The drawings as one SVG sprite, a `<symbol>` per screen (previews.svg, which preview-art.tsx
 * shows with `<use>`). The colours stay the theme's variables: a `<use>` clone inherits them from
 * the page, so the sprite follows the light and dark themes.
 */
export function PreviewSprite() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg">
      {Object.entries(PREVIEW_DRAWINGS).map(([kind, Draw]) => (
        <symbol key={kind} id={kind} viewBox="0 0 320 200">
          <Draw />
        </symbol>
      ))}
    </svg>
  );
}
