import { FieldReader } from '../scene/field-reader';
import { SceneFormatError } from '../scene/scene-format-error';
import { registerFields } from '../scene/scene-json';
import { ChainIK2D, type JointLimit } from './chain-ik-2d';

/** Scene JSON for the fields every chain IK node shares (paths, tolerance, cap, limits). */
registerFields<ChainIK2D>({
  owner: ChainIK2D,
  write: (n) => ({
    rootBonePath: n.rootBonePath,
    tipBonePath: n.tipBonePath,
    targetPath: n.targetPath,
    enabled: n.enabled,
    tolerance: n.tolerance,
    maxIterations: n.maxIterations,
    startFromRest: n.startFromRest,
    joints: n.joints.map((j) => ({ limited: j.limited, min: j.min, max: j.max })),
  }),
  read: (n, f) => {
    n.rootBonePath = f.string('rootBonePath', '');
    n.tipBonePath = f.string('tipBonePath', '');
    n.targetPath = f.string('targetPath', '');
    n.enabled = f.boolean('enabled', true);
    n.tolerance = f.number('tolerance', n.tolerance, { min: 0 });
    n.maxIterations = f.number('maxIterations', n.maxIterations, { min: 0, max: 10_000 });
    n.startFromRest = f.boolean('startFromRest', false);
    n.joints = readJoints(f);
  },
});

function readJoints(f: FieldReader): JointLimit[] {
  const raw = f.raw('joints');
  if (raw === undefined) return [];
  if (!Array.isArray(raw))
    throw new SceneFormatError(f.at('joints'), 'an array of { limited, min, max }', raw);
  return raw.map((item, i) => {
    const at = `${f.at('joints')}[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      throw new SceneFormatError(at, 'an object { limited, min, max }', item);
    const r = new FieldReader(at, item as Record<string, unknown>);
    const joint = {
      limited: r.boolean('limited', false),
      min: r.number('min', -Math.PI),
      max: r.number('max', Math.PI),
    };
    r.rejectUnknown('a joint limit');
    return joint;
  });
}

/** Reads a list of strings (node paths), e.g. per-joint poles. */
export function readStringList(f: FieldReader, key: string): string[] {
  const raw = f.raw(key);
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new SceneFormatError(f.at(key), 'an array of strings', raw);
  return raw.map((v, i) => {
    if (typeof v !== 'string') throw new SceneFormatError(`${f.at(key)}[${i}]`, 'a string', v);
    return v;
  });
}
