// A game's view of the library: its own PixiJS application and sprites, the course's node tree
// and solvers driving them through `ik-course/pixi`. Everything here is what a game would write.
import { Application, Container, Graphics, Sprite, type Renderer, type Texture } from 'pixi.js';
import { CCDIK2D, LookAt2D } from 'ik-course/ik';
import { Bone2D, Marker2D, Node2D } from 'ik-course/scene';
import { IKRig } from 'ik-course/pixi';

// The scene in tree units (1 unit = 1 pixel at scale 1): feet at y = 0, the box the view fits.
const BOX = { left: -300, top: -400, width: 600, height: 440 };

// --- The node tree: a character whose arm and head follow a target. ---
const world = new Node2D('World');
const character = world.addChild(new Node2D('Character'));
const leg = (name: string, x: number) => {
  const n = character.addChild(new Node2D(name));
  n.position = { x, y: -75 };
  return n;
};
const legs = [leg('BackLeg', -12), leg('FrontLeg', 14)];
const torso = character.addChild(new Node2D('Torso'));
torso.position = { x: 0, y: -75 };
const neck = character.addChild(new Node2D('Neck'));
neck.position = { x: 0, y: -226 };
const head = neck.addChild(new Bone2D('Head', 30));
const shoulder = character.addChild(new Node2D('Shoulder'));
shoulder.position = { x: 2, y: -180 };
const upperArm = shoulder.addChild(new Bone2D('UpperArm', 80));
upperArm.rotation = Math.PI / 2; // hanging down
const forearm = upperArm.addBone('Forearm', 70, -0.3);
const hand = forearm.addBone('Hand', 24, -0.1);
const target = world.addChild(new Marker2D('Target', 'target'));
target.position = { x: 150, y: -250 };

const armIK = world.addChild(
  new CCDIK2D(
    'ArmIK',
    '../Character/Shoulder/UpperArm',
    '../Character/Shoulder/UpperArm/Forearm/Hand',
    '../Target',
  ),
);
armIK.tolerance = 0.5;
armIK.maxIterations = 20;
// CCD, because it keeps each joint's limit on every turn (lesson 7's advice for limited joints).
// An elbow bends only forward (negative turns, facing +x), a wrist a little each way. Facing left
// is a mirror of the character, and the limits mirror with it.
armIK.joints = [
  { limited: false, min: 0, max: 0 },
  { limited: true, min: -2.6, max: 0 },
  { limited: true, min: -0.9, max: 0.9 },
];
const look = world.addChild(new LookAt2D('HeadLook', '../Character/Neck/Head', '../Target'));
look.constrained = true;
look.minAngle = -0.8;
look.maxAngle = 0.5;

// --- PixiJS: textures drawn once, a sprite per part, the rig binding them to the tree. ---
const params = new URLSearchParams(location.search);
const preference = params.get('renderer') === 'canvas' ? 'canvas' : 'webgl';
const stage = document.getElementById('stage')!;
const app = new Application();
await app.init({ preference, resizeTo: stage, background: '#1e293b', antialias: true });
stage.append(app.canvas);

const SKIN = 0xf2c6a0;
const SHIRT = 0x2563eb;
const TROUSERS = 0x334155;

function texture(renderer: Renderer, draw: (g: Graphics) => void): Texture {
  const g = new Graphics();
  draw(g);
  const t = renderer.generateTexture({ target: g, resolution: 2, antialias: true });
  g.destroy();
  return t;
}

/** A limb along +x from its joint: a capsule of the bone's length, the joint at the origin. */
function limb(length: number, radius: number, color: number): Sprite {
  const tex = texture(app.renderer, (g) =>
    g.roundRect(0, 0, length + 2 * radius, 2 * radius, radius).fill(color),
  );
  const s = new Sprite(tex);
  s.anchor.set(radius / (length + 2 * radius), 0.5);
  return s;
}

function box(width: number, height: number, color: number, ax: number, ay: number): Sprite {
  const s = new Sprite(
    texture(app.renderer, (g) => g.roundRect(0, 0, width, height, 10).fill(color)),
  );
  s.anchor.set(ax, ay);
  return s;
}

const headView = new Container();
headView.addChild(
  new Sprite(
    texture(app.renderer, (g) => {
      g.circle(30, 30, 28).fill(SKIN);
      g.circle(46, 22, 5).fill(0x0f172a); // the eye looks along the head's +x
      g.roundRect(38, 40, 18, 5, 2).fill(0x9f1239);
    }),
  ),
);
headView.pivot.set(30, 30);

const rig = new IKRig({ root: world, ticker: app.ticker });
app.stage.addChild(rig);
for (const l of legs) rig.attach(l, box(20, 80, TROUSERS, 0.5, 0));
rig.attach(torso, box(56, 120, SHIRT, 0.5, 1));
rig.attach(upperArm, limb(upperArm.length, 10, SHIRT));
rig.attach(forearm, limb(forearm.length, 8, SKIN));
rig.attach(hand, limb(hand.length, 9, SKIN));
rig.attach(head, headView); // last: on top of the shoulder

function fit(): void {
  const { width, height } = app.screen;
  const s = Math.min(width / BOX.width, height / BOX.height);
  rig.scale.set(s);
  rig.position.set(
    width / 2 - (BOX.left + BOX.width / 2) * s,
    height / 2 - (BOX.top + BOX.height / 2) * s,
  );
}
fit();
app.renderer.on('resize', fit);

// --- Input: the pointer (mouse, pen, touch) or the arrow keys move the target. ---
app.stage.eventMode = 'static';
app.stage.hitArea = app.screen;
const moveTarget = (e: { global: { x: number; y: number } }) => {
  target.globalPosition = rig.toLocal(e.global);
};
app.stage.on('globalpointermove', moveTarget);
app.stage.on('pointerdown', moveTarget);
stage.addEventListener('keydown', (e) => {
  const step = e.shiftKey ? 40 : 10;
  const d = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }[e.key];
  if (!d) return;
  e.preventDefault();
  const p = target.position;
  target.position = { x: p.x + d[0]!, y: p.y + d[1]! };
});

const debugButton = document.getElementById('debug')!;
const faceButton = document.getElementById('face')!;
function toggleDebug(): void {
  rig.debug = !rig.debug;
  debugButton.setAttribute('aria-pressed', String(Boolean(rig.debug)));
}
function toggleFacing(): void {
  // A mirror of the whole character: one negative scale, and every bone, sprite and limit follows.
  character.scale = { x: -character.scale.x, y: 1 };
  faceButton.textContent = character.scale.x < 0 ? 'Face right (F)' : 'Face left (F)';
}
debugButton.addEventListener('click', toggleDebug);
faceButton.addEventListener('click', toggleFacing);
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'd' || e.key === 'D') toggleDebug();
  else if (e.key === 'f' || e.key === 'F') toggleFacing();
});

// --- What the solver did, in words, after each tick's solve. ---
const status = document.getElementById('status')!;
app.ticker.add(() => {
  const s = armIK.status;
  const text = !s.ok
    ? s.message
    : s.reached
      ? `The hand reaches the target (${s.error.toFixed(2)} px off).`
      : `Out of reach: the hand stops ${s.error.toFixed(0)} px short.`;
  if (status.textContent !== text) status.textContent = text;
});

// For the browser test, and for anyone poking at the example in the console.
Object.assign(window, {
  example: { app, rig, world, character, target, armIK, hand, upperArm, forearm },
});
document.body.dataset.ready = 'true';
