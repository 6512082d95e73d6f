import { AUTO_HEIGHT, EVENT, READY, SIZE } from './parent-link.ts';

/**
 * The script an instructor adds once to a page of iframe embeds for auto-height (see
 * parent-link.ts for the embed's side). The README quotes it for `https://your-host`; the
 * instructors page fills in the course's own origin. A unit test keeps the two the same. The
 * message names are parent-link.ts's own, so the two sides cannot drift apart.
 */
export function autoHeightSnippet(courseOrigin: string): string {
  return `<script>
  const COURSE = '${courseOrigin}'; // the origin your embeds come from
  addEventListener('message', (e) => {
    const frame = [...document.querySelectorAll('iframe')].find(
      (f) => f.contentWindow === e.source,
    );
    if (!frame || e.origin !== COURSE || typeof e.data !== 'object' || !e.data) return;
    if (e.data.type === '${READY}')
      e.source.postMessage({ type: '${AUTO_HEIGHT}' }, e.origin);
    if (e.data.type === '${SIZE}') frame.style.height = \`\${e.data.height}px\`;
    if (e.data.type === '${EVENT}') console.log(e.data.event, e.data.detail); // ik-solved, …
  });
</script>
`;
}
