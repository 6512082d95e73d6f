import type { Rig } from './rig.ts';
import { rigFromMessage } from './rig-transfer.ts';

/**
 * Reads a walk's BVH (its text, or the file unread) into a Rig in a worker. `onProgress` hears the stage ("reading",
 * "resampling", "finding the walk cycle") and the share done; aborting `signal` stops the worker
 * at once and rejects with an AbortError. A malformed file rejects with the parser's message.
 */
export function rigInWorker(
  source: string | Blob,
  onProgress: (stage: string, fraction: number) => void,
  signal: AbortSignal,
): Promise<Rig> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./rig-worker.ts', import.meta.url), { type: 'module' });
    const end = () => {
      worker.terminate();
      signal.removeEventListener('abort', cancel);
    };
    const cancel = () => {
      end();
      reject(new DOMException('the reading was cancelled', 'AbortError'));
    };
    if (signal.aborted) return cancel();
    signal.addEventListener('abort', cancel, { once: true });
    worker.onmessage = (e: MessageEvent) => {
      const m = e.data as
        | { type: 'progress'; stage: string; fraction: number }
        | { type: 'done'; rig: unknown }
        | { type: 'error'; message: string };
      if (m.type === 'progress') onProgress(m.stage, m.fraction);
      else if (m.type === 'done') {
        end();
        resolve(rigFromMessage(m.rig));
      } else {
        end();
        reject(new Error(m.message));
      }
    };
    worker.onerror = (e) => {
      end();
      reject(new Error(e.message || 'the file could not be read'));
    };
    worker.postMessage({ source });
  });
}
