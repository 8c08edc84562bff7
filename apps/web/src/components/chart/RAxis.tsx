/** The R axis of an equity chart in SVG: dashed lines with their labels at `ticks`, and the 0 R line. */
export function RAxis({
  ticks,
  y,
  left,
  right,
}: {
  ticks: readonly number[];
  y: (r: number) => number;
  left: number;
  right: number;
}) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke="var(--t0-border)" strokeDasharray="2 4" />
          <text
            x={left - 6}
            y={y(t) + 4}
            textAnchor="end"
            fontSize="11"
            fill="var(--t0-muted)"
            fontFamily="var(--t0-font-mono)"
          >
            {t.toFixed(1)}R
          </text>
        </g>
      ))}
      <line x1={left} x2={right} y1={y(0)} y2={y(0)} stroke="var(--t0-muted)" strokeWidth="1" />
    </>
  );
}
