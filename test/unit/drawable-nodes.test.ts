import { describe, expect, it } from 'vitest';
import { Line2D } from '../../src/scene/line2d';
import { Node2D } from '../../src/scene/node2d';
import { ellipsePolygon, Polygon2D } from '../../src/scene/polygon2d';
import { SceneFormatError } from '../../src/scene/scene-format-error';
import { sceneFromJSON, sceneToJSON } from '../../src/scene/scene-json';
import { NODE_TYPES } from '../../src/ik/node-types';

function drawableScene() {
  const root = new Node2D('World');
  const far = root.addChild(new Node2D('FarSide'));
  far.modulate = '#ffffff8c';
  const body = far.addChild(new Polygon2D('Body', ellipsePolygon(40, 16, 8), 'ground'));
  body.outline = 'boneOutline';
  body.outlineWidth = 2;
  const line = root.addChild(
    new Line2D('Surface', [
      { x: -10, y: 5 },
      { x: 0, y: 0 },
      { x: 10, y: 5 },
    ]),
  );
  line.width = 3;
  line.closed = true;
  return root;
}

describe('Polygon2D, Line2D and modulate in scene JSON', () => {
  it('round-trip with their points, colours, widths and the modulate', () => {
    const json = JSON.parse(JSON.stringify(sceneToJSON(drawableScene(), NODE_TYPES)));
    const back = sceneFromJSON(json, NODE_TYPES);
    expect(JSON.parse(JSON.stringify(sceneToJSON(back, NODE_TYPES)))).toEqual(json);
    const far = back.getNode('FarSide') as Node2D;
    expect(far.modulate).toBe('#ffffff8c');
    const body = back.getNode('FarSide/Body') as Polygon2D;
    expect(body.polygon).toHaveLength(8);
    expect(body.polygon[0]!.x).toBeCloseTo(40);
    expect(body.color).toBe('ground');
    const line = back.getNode('Surface') as Line2D;
    expect(line.points).toEqual([
      { x: -10, y: 5 },
      { x: 0, y: 0 },
      { x: 10, y: 5 },
    ]);
    expect(line.closed).toBe(true);
  });

  it('names the bad point of a polygon and what a point must be', () => {
    const json = JSON.parse(JSON.stringify(sceneToJSON(drawableScene(), NODE_TYPES)));
    json.root.children[0].children[0].polygon[3] = [1, 'x'];
    expect(() => sceneFromJSON(json, NODE_TYPES)).toThrow(SceneFormatError);
    expect(() => sceneFromJSON(json, NODE_TYPES)).toThrow(
      /root\.children\[0\]\.children\[0\]\.polygon\[3\]\[1\]: expected a finite number/,
    );
    json.root.children[0].children[0].polygon = 'square';
    expect(() => sceneFromJSON(json, NODE_TYPES)).toThrow(
      /polygon: expected a list of \[x, y\] pairs/,
    );
  });

  it('a negative line width is refused, with the field named', () => {
    const json = JSON.parse(JSON.stringify(sceneToJSON(drawableScene(), NODE_TYPES)));
    json.root.children[1].width = -2;
    expect(() => sceneFromJSON(json, NODE_TYPES)).toThrow(
      /root\.children\[1\]\.width: expected a number ≥ 0/,
    );
  });
});
