// The authenticator's otpauth:// address as a QR code (uqr's module matrix drawn as one SVG path), named for screen
// readers; the key is shown as text beside it for people who type it (or cannot scan).
import { encode } from 'uqr';

export function QrCode({ text, label, size = 184 }: { text: string; label: string; size?: number }) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  const modules = data.length;
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-modules={modules}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
