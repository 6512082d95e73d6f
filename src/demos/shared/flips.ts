/** Scale for a node flipped on x and/or y: the negative scale the lessons explore. */
export const flipScale = (flipX: boolean, flipY: boolean) => ({
  x: flipX ? -1 : 1,
  y: flipY ? -1 : 1,
});
