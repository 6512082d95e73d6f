/** The lesson index the build generates (lesson-pages.ts); lesson-list.ts gives it its type. */
declare module 'virtual:lessons' {
  export const LESSON_INDEX: readonly unknown[];
}
