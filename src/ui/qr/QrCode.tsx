// A QR code drawn as one SVG path (uqr makes the matrix). Always dark on white with a quiet zone,
// in the dark theme too: scanners need the contrast, and a phone screen at full brightness is read
// from a little way off.
import { useMemo } from 'react';
import { encode } from 'uqr';
import './qr.css';

export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => {
    const { data, size } = encode(text, { ecc: 'L', border: 0 });
    let d = '';
    data.forEach((row, y) => row.forEach((dark, x) => (dark ? (d += `M${x} ${y}h1v1h-1z`) : undefined)));
    return { size, path: d };
  }, [text]);
  const quiet = 4;
  return (
    <svg className={`qr${className ? ` ${className}` : ''}`} viewBox={`${-quiet} ${-quiet} ${size + 2 * quiet} ${size + 2 * quiet}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="qr-code">
      <rect x={-quiet} y={-quiet} width={size + 2 * quiet} height={size + 2 * quiet} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
