/** The points of a sparkline in a `width` × `height` box (y grows downwards), or '' for fewer than two values. */
export function sparklinePoints(values: readonly number[], width: number, height: number, pad = 1): string {
  const v = values.filter(Number.isFinite);
  if (v.length < 2) return '';
  const min = Math.min(...v);
  const max = Math.max(...v);
  const span = max - min || 1;
  const step = width / (v.length - 1);
  return v
    .map((n, i) => {
      const x = i * step;
      const y = max === min ? height / 2 : pad + (1 - (n - min) / span) * (height - 2 * pad);
      return `${+x.toFixed(2)},${+y.toFixed(2)}`;
    })
    .join(' ');
}
