export const MAX_FILENAME_LENGTH = 150;
export const FALLBACK_FILENAME = 'document.pdf';

/**
 * The client's filename is only echoed back, but it ends up in JSON, logs, and perhaps a
 * Content-Disposition header or a carrier's file one day. So: no path, no control or
 * invisible formatting characters (a right-to-left override can disguise "fdp.exe" as
 * "exe.pdf"), no leading dot, bounded length. Letters of any script stay: Arabic names are
 * normal here.
 */
export function sanitiseFilename(raw: string | undefined | null): string {
  if (typeof raw !== 'string') return FALLBACK_FILENAME;
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/gu, '')
    .replace(/[^\p{L}\p{M}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_{2,}/g, '_')
    .replace(/^[\s._]+/, '')
    .replace(/[\s.]+$/, '');
  name = truncateKeepingExtension(name, MAX_FILENAME_LENGTH);
  return name === '' ? FALLBACK_FILENAME : name;
}

function truncateKeepingExtension(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
  if (extension.length === 0 || extension.length > 10) return chars.slice(0, max).join('').trimEnd();
  const stem = Array.from(name.slice(0, dot)).slice(0, max - extension.length);
  return stem.join('').trimEnd() + extension.join('');
}
