import { EMBED_KEYS } from './embed-params.ts';

/** Attributes that are the element's own, not the demo's parameters. */
export const OWN = [...EMBED_KEYS, 'scene', 'src', 'width', 'height'] as const;

/** HTML's global attributes belong to the page (styling, scripts, accessibility), not the demo. */
const GLOBAL = new Set([
  'id',
  'class',
  'style',
  'title',
  'hidden',
  'lang',
  'dir',
  'tabindex',
  'slot',
  'part',
  'role',
  'translate',
  'inert',
  'is',
  'nonce',
  'autofocus',
  'draggable',
  'spellcheck',
  'contenteditable',
  'accesskey',
  'enterkeyhint',
  'inputmode',
  'popover',
  'exportparts',
  'itemid',
  'itemprop',
  'itemref',
  'itemscope',
  'itemtype',
  'autocapitalize',
  'autocorrect',
  'writingsuggestions',
]);

/** True for an attribute the demo must ignore: the element's own or the page's. */
export function isHostAttribute(name: string): boolean {
  return (
    (OWN as readonly string[]).includes(name) || GLOBAL.has(name) || /^(data-|aria-|on)/.test(name)
  );
}
