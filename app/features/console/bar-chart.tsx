const HEIGHT = 80;
const BAR = 4;

/**
 * Hand-drawn SVG bars, one a day (no charting library, so nothing asks the
 * CSP for inline styles). The picture is described in words for screen readers.
 */
export function BarChart({ title, points, unit }: { title: string; points: Array<{ day: string; value: number }>; unit: string }) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const total = points.reduce((sum, point) => sum + point.value, 0);
  const peak = points.reduce((best, point) => (point.value > best.value ? point : best), points[0] ?? { day: "", value: 0 });
  const first = points[0]?.day ?? "";
  const last = points.at(-1)?.day ?? "";
  const summary = `${title}, ${first} to ${last}: ${total.toLocaleString("en-US")} ${unit} in all, at most ${peak.value.toLocaleString("en-US")} on ${peak.day}.`;
  return (
    <figure className="card">
      <figcaption className="font-bold">{title}</figcaption>
      <p className="mt-1 text-sm text-ink-800">
        {total.toLocaleString("en-US")} {unit} · peak {peak.value.toLocaleString("en-US")}
      </p>
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${Math.max(points.length, 1) * BAR} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="mt-3 h-24 w-full text-brand-600"
      >
        {points.map((point, index) => {
          const height = (point.value / max) * HEIGHT;
          return <rect key={point.day} x={index * BAR + 0.5} y={HEIGHT - height} width={BAR - 1} height={height} fill="currentColor" />;
        })}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-ink-800" aria-hidden="true">
        <span>{first}</span>
        <span>{last}</span>
      </div>
    </figure>
  );
}
