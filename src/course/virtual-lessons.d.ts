/** The lesson index the build generates (lesson-pages.ts); lesson-list.ts gives it its type. */
declare module 'virtual:lessons' {
  export const LESSON_INDEX: readonly unknown[];
}

/** Every displayed formula of the course, typeset at build time (lesson-pages.ts). */
declare module 'virtual:formula-sheet' {
  export const FORMULA_SHEET_HTML: string;
}
