/**
 * A figure's course over the range, drawn small beside it (as Stripe's and Ghost's summary cards do): a line
 * scaled between its lowest and highest value. Decorative: the figure and its change say the same in words.
 */
export function Sparkline({
  values,
  width = 96,
  height = 28,
}: {
  values: readonly number[];
  width?: number;
  height?: number;
}) {
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = width / Math.max(1, values.length - 1);
  const points = values
    .map((value, i) => {
      const x = i * step;
      const y = high === low ? height / 2 : height - 2 - ((value - low) / span) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
      data-testid="sparkline"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      <polyline
        points={points}
        fill="none"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth={1.5}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
