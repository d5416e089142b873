// Turning pictures into the data URLs PATCH /user/changeavatar accepts (the API takes nothing else).
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@skynet/contract';

export function isAcceptableAvatar(file: File): boolean {
  return (
    (AVATAR_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= AVATAR_MAX_BYTES
  );
}

export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** The current avatar as a data URL, so Undo can upload it again (the API keeps no history). */
export async function fetchAsDataUrl(url: string): Promise<string> {
  const response = await fetch(url, { cache: 'force-cache' });
  if (!response.ok) throw new Error(`Avatar fetch failed: ${response.status}`);
  const blob = await response.blob();
  if (!(AVATAR_TYPES as readonly string[]).includes(blob.type)) throw new Error('Unexpected avatar type');
  return blobToDataUrl(blob);
}

/**
 * The picture someone without an avatar sees (the shared Avatar's fallback: their initial on a disc whose
 * hue comes from their name), drawn as a PNG. Undo uploads it when the previous avatar was none, because
 * the API cannot set the avatar back to null.
 */
export function initialAvatarDataUrl(name: string, size = 420): string {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  const hue = [...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  context.fillStyle = `hsl(${hue} 55% 42%)`;
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#fff';
  context.font = `700 ${Math.round(size * 0.45)}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText((name[0] ?? '?').toUpperCase(), size / 2, size / 2 + size * 0.03);
  return canvas.toDataURL('image/png');
}
