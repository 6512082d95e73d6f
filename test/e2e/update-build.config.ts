import { mergeConfig, type Plugin } from 'vite';
import site from '../../vite.config.ts';

/**
 * The site's own build with one change, for offline.e2e.ts's update test: every lesson's text
 * starts with a `data-build="v2"` paragraph, so every lesson chunk (and every file naming one)
 * gets a new hash, as a real edit to the lessons would.
 */
const markLessons: Plugin = {
  name: 'mark-lessons-v2',
  transform(code, id) {
    if (!id.endsWith('?lesson-html')) return null;
    return code.replace('{"html":"', '{"html":"<p data-build=\\"v2\\">Updated.</p>');
  },
};

export default mergeConfig(site, { plugins: [markLessons] });
