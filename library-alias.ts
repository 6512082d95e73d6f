import { resolve } from 'node:path';

/**
 * `ik-course/<entry>` resolved to the library's sources, so the examples import the package by
 * the names a game uses (`import { IKRig } from 'ik-course/pixi'`) and run from this repository
 * without `npm pack`. The same names are in tsconfig.json's `paths`.
 */
const SRC = resolve(import.meta.dirname, 'src');
export const libraryAlias = [
  { find: /^ik-course\/pixi$/, replacement: `${SRC}/render/game/index.ts` },
  {
    find: /^ik-course\/(math|scene|ik|procedural|walk3d|physics)$/,
    replacement: `${SRC}/$1/index.ts`,
  },
];
