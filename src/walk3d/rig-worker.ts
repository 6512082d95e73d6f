import { rigFromBvh } from './rig.ts';
import { rigToMessage } from './rig-transfer.ts';

/**
 * Reads a large BVH off the page's thread (issue 19: a 46–69 MB capture froze the tab for
 * 3–7 s): parsing, resampling and finding the cycle, with progress; the page can stop it at any
 * moment by terminating the worker.
 */
self.onmessage = async (e: MessageEvent<{ source: string | Blob }>) => {
  const post = (m: unknown, transfer: Transferable[] = []) =>
    (self as unknown as Worker).postMessage(m, transfer);
  try {
    let last = -1;
    // A file comes unread (a Blob): its text is made here, off the page's thread.
    const source = e.data.source;
    if (typeof source !== 'string') post({ type: 'progress', stage: 'opening', fraction: 0 });
    const text = typeof source === 'string' ? source : await source.text();
    const rig = rigFromBvh(text, null, {
      onProgress: (stage, fraction) => {
        // A message per percent at most: the page repaints its bar, not a flood.
        const pct = Math.floor(fraction * 100);
        if (pct !== last || fraction === 0) post({ type: 'progress', stage, fraction });
        last = pct;
      },
    });
    const { data, transfer } = rigToMessage(rig);
    post({ type: 'done', rig: data }, transfer);
  } catch (err) {
    const error = err as Error;
    post({ type: 'error', name: error.name, message: error.message });
  }
};
