/**
 * A scene packed into a link: the scene file's JSON, compressed (deflate) and written in
 * base64url, the URL-safe alphabet, so the code sits in a link's #fragment as it is. The
 * fragment never reaches a server, so only the browser's own limit applies; links are kept
 * under SHARE_LIMIT characters anyway, because chat apps, mail and LMS editors cut longer ones.
 */
export const SHARE_LIMIT = 6000;

export { SCENE_HASH_KEY, sceneCodeIn } from './scene-hash.ts';

export async function encodeScene(json: string): Promise<string> {
  const packed = (await pipe(new TextEncoder().encode(json), new CompressionStream('deflate')))!;
  let binary = '';
  for (let i = 0; i < packed.length; i++) binary += String.fromCharCode(packed[i]!);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The scene file's text. Throws an Error whose message says what is wrong with the code. A code
 * that unpacks to more than `maxBytes` is refused as soon as it passes that size (a few hundred
 * kilobytes of code can unpack to gigabytes).
 */
export async function decodeScene(code: string, maxBytes = 2_000_000): Promise<string> {
  const clean = code.trim();
  if (clean === '') throw new Error('The link holds no scene: "#scene=" is empty.');
  if (!/^[A-Za-z0-9_-]+$/.test(clean))
    throw new Error(
      'The scene in this link is damaged: a scene code has only letters, digits, "-" and "_". Was the link changed or cut short?',
    );
  let bytes: Uint8Array;
  try {
    const binary = atob(clean.replace(/-/g, '+').replace(/_/g, '/'));
    bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    throw new Error('The scene in this link is damaged: its code is not valid base64url.');
  }
  let unpacked: Uint8Array | null;
  try {
    unpacked = await pipe(bytes, new DecompressionStream('deflate'), maxBytes);
  } catch {
    throw new Error(
      'The scene in this link is damaged: its code does not unpack. Was the link cut short?',
    );
  }
  if (!unpacked)
    throw new Error(
      `The scene in this link is larger than ${(maxBytes / 1e6).toFixed(1)} MB unpacked; the playground opens scenes up to that size.`,
    );
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(unpacked);
  } catch {
    throw new Error('The scene in this link is damaged: it does not unpack to text.');
  }
}

/** Runs bytes through a stream; null if the output passes `limit` bytes (reading stops there). */
async function pipe(
  input: Uint8Array,
  stream: CompressionStream | DecompressionStream,
  limit = Infinity,
): Promise<Uint8Array | null> {
  const writer = stream.writable.getWriter();
  void writer.write(input as Uint8Array<ArrayBuffer>).catch(() => {});
  void writer.close().catch(() => {});
  const chunks: Uint8Array[] = [];
  const reader = stream.readable.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.length;
    if (total > limit) {
      void reader.cancel().catch(() => {});
      return null;
    }
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
