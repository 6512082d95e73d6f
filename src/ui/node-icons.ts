/**
 * One glyph per node type for the scene panel and the playground's dock. Plain glyphs (no
 * emoji) so every system font has them; a type without one shows a dot.
 */
const ICONS: Record<string, string> = {
  Node: '○',
  Node2D: '◇',
  Bone2D: '◢',
  Marker2D: '✚',
  Polygon2D: '▱',
  Line2D: '╱',
  Joint3D: '◢',
  Terrain3D: '△',
  LookAt2D: '◎',
  TwoBoneIK2D: '∧',
  CCDIK2D: '↻',
  FABRIK2D: '⇄',
  JacobianIK2D: '∂',
};

export const nodeIcon = (typeName: string): string => ICONS[typeName] ?? '•';
