/**
 * The script an instructor adds once to a page of iframe embeds for auto-height (see
 * parent-link.ts for the embed's side). The README quotes it for `https://your-host`; the
 * instructors page fills in the course's own origin. A unit test keeps the two the same.
 */
export function autoHeightSnippet(courseOrigin: string): string {
  return `<script>
  const COURSE = '${courseOrigin}'; // the origin your embeds come from
  addEventListener('message', (e) => {
    const frame = [...document.querySelectorAll('iframe')].find(
      (f) => f.contentWindow === e.source,
    );
    if (!frame || e.origin !== COURSE || typeof e.data !== 'object' || !e.data) return;
    if (e.data.type === 'ik-demo:ready')
      e.source.postMessage({ type: 'ik-demo:auto-height' }, e.origin);
    if (e.data.type === 'ik-demo:size') frame.style.height = \`\${e.data.height}px\`;
    if (e.data.type === 'ik-demo:event') console.log(e.data.event, e.data.detail); // ik-solved, …
  });
</script>
`;
}
