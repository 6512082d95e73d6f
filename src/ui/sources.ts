import { sourcesHref } from './course-route.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * The five documents the course grew from ("the seeds"), with their full references, and the
 * citations that point at them. Lessons, demo footers and comments write "seed 001 §2"; readers
 * see "Thiago’s Godot IK blog, §2", linked to the source’s entry on the Sources page.
 *
 * Everything here is stated by the documents themselves (the originals, or the course’s English
 * notes on them); what they do not say is written "not stated" and listed in `unknown`.
 *
 * In ui/, not course/: the demo footer on every page (course, gallery, embed) shows a figure's
 * credit with these citations, and the course page lists them in full.
 */
export interface Source {
  /** "seed-001": the page anchor and the route `#/sources/seed-001`. */
  id: string;
  /** The number citations use: "001" in "seed 001 §2". */
  number: string;
  /** What lessons say instead of "seed 001": a name a reader can place. */
  shortName: string;
  authors: string;
  /** Supervisors or tutors, for theses. */
  supervisors?: string;
  /** As the document gives it; `titleInEnglish` is our translation when it is not English. */
  title: string;
  titleInEnglish?: string;
  kind: string;
  /** The institution, or the site for a blog. */
  publisher: string;
  year: string;
  language: string;
  /** Where the original (or its code) can be found, when the document says. */
  link?: { href: string; note: string };
  /** What the course takes from it, lesson by lesson. */
  takes: string[];
  /** What it got wrong (or left broken) and what the course does instead. */
  corrects: string[];
  /** How to read this source’s § numbers, and where the cited ones are in the original. */
  numbering: string;
  sections: { cited: string; where: string }[];
  /** What the documents do not establish about it. */
  unknown: string[];
}

const NOTES =
  'A § number in the lessons is a section of the course’s English notes on this source; the table says where it is in the original. Figure, table and equation numbers are the original’s own.';

export const SOURCES: readonly Source[] = [
  {
    id: 'seed-000',
    number: '000',
    shortName: "Matthey's walking-IK thesis",
    authors: 'Agustín Matthey Ramírez',
    supervisors: 'Daniel Calderón Saavedra',
    title: 'Extensión de un motor de juegos con cinemática inversa',
    titleInEnglish: 'Extending a game engine with inverse kinematics',
    kind: 'Undergraduate thesis (“trabajo de título”, “memoria”). It adds an “IK navigation system” to MonaEngine, the small C++ engine used to teach the course CC-5512 Arquitectura de Motores de Juegos.',
    publisher: 'Universidad de Chile',
    year: '2022',
    language: 'Spanish',
    link: {
      href: 'https://github.com/agumatt/MonaEngine_IK',
      note: 'its code, and a PDF of the thesis; the text names the repository in its Annex B.2',
    },
    takes: [
      'The 3D skeleton and its conventions: column-major T·R·S transforms, forward kinematics down the joint tree, Z up with the character facing +Y, clips keyed every 1/30 s and played at rate 0.7 (lesson 11).',
      'Terrain as elevation functions h(x, y), its example hills as sums of Gaussian bumps, and several terrains where the highest wins (lesson 12).',
      'Reading a walk once before adapting it: the checks a clip must pass, the floor, the frames a foot stands on, steps and stances, support heights, and the LIC curves that hold the paths (lesson 13).',
      'Inverse kinematics by gradient descent on a three-term cost (reach the target, stay like the clip, stay like the last frame), with its exact gradient, its weights a = 200/h², b = 2, c = 4, learning rate 0.01 and 300-step cap (lesson 14).',
      'The whole controller: its order each new frame, target trajectories fitted to the ground, the stride corrector, stride validation, the hips’ height, solving the next frame (lesson 15).',
    ],
    corrects: [
      'Its terrain code re-seeds the random generator on every call and leaves the order of the draws to the compiler, so its hills differ between machines. The course draws them once from a seeded generator, in a fixed order (lesson 12).',
      'It leaves open that an axis and an angle describe the same turn as the opposite axis and angle, so a knee’s angle can jump from +5° to −5° between frames. The course turns every frame’s axis to agree with the joint’s average axis (lesson 14).',
      'It starts each new step from where the foot was, even inside a hill. The course lifts that start onto the ground (lesson 15).',
      'During the idle ↔ walk cross-fade it averages the two hip plans half and half, so the hips jump as the fade starts and ends. The course weights them by the fade (lesson 15).',
      'It gives a new plan weight only from the next frame; on a slow machine, with ticks longer than a frame, each plan had no weight before the next replaced it and the walker fell 5% behind its clip. The course blends each plan in from the moment it is made (lesson 15).',
      'Its feet stay level on slopes, its test users’ first complaint (its §11.3). The course offers feet that follow the ground’s slope, off by default (lesson 15).',
    ],
    numbering: NOTES,
    sections: [
      {
        cited: '§2',
        where: 'Ch. 2, §4.3 and §4.6.1: transforms, the skeleton, forward kinematics',
      },
      { cited: '§2.3', where: '§2.4.2: forward kinematics, eq. 2.2' },
      { cited: '§2.5', where: '§4.3: the rig stands Z up and faces +Y' },
      { cited: '§3', where: '§2.8: MonaEngine’s animation system (clips, keys, play rate)' },
      { cited: '§4.6', where: 'Annex A.2 and Fig. A.2: the order of the systems each iteration' },
      { cited: '§5', where: '§4.4: the time systems (animation time, play rate)' },
      { cited: '§6', where: '§4.8: trajectories' },
      { cited: '§6.1', where: '§2.5 and §4.8.1: the LIC, a linearly interpolated curve' },
      { cited: '§6.3', where: '§4.8.2: extracting the base trajectories' },
      { cited: '§6.4', where: '§4.8.3: the trajectory generator' },
      { cited: '§6.5', where: '§4.8.4: the feet’s target trajectories' },
      { cited: '§6.6', where: '§4.8.7: fixed trajectories and stride validation' },
      { cited: '§6.7', where: '§4.8.5: the stride corrector' },
      { cited: '§6.8', where: '§4.8.6: the hips’ target trajectory' },
      { cited: '§7', where: '§4.5 and §4.6.2: inverse kinematics by gradient descent' },
      { cited: '§7.3', where: '§4.6.2: which frame is solved (the next one)' },
      { cited: '§7.4', where: '§4.6.2: the three terms of the cost and their gradients' },
      { cited: '§7.5', where: '§4.6.2: the weights and the descent’s settings (eqs. 4.13–4.14)' },
      { cited: '§7.6', where: 'Annex B.1: the rotation about an axis and its derivative' },
      { cited: '§8', where: '§2.3 and §4.7: terrain from elevation functions' },
      { cited: '§9', where: '§4.9 and §4.10: the controller' },
      { cited: '§9.1', where: '§4.9.1: IKNavigationComponent, the user’s options' },
      { cited: '§9.2', where: '§4.9.2: IKRigController, its steps each iteration' },
      { cited: '§9.3', where: '§4.10: checking and preparing a clip' },
      { cited: '§11.2', where: '§5.1: performance (the clips play at 30 frames a second)' },
      { cited: '§11.3', where: '§5.2: the user study' },
      {
        cited: '§13.1',
        where:
          'not in the thesis: the example terrains in the author’s code (the repository above)',
      },
    ],
    unknown: [
      'The text we hold has lost its cover page. The title, the author’s name, the university and the year are those of the thesis PDF’s cover, as the course’s English notes report them; the text itself does not state them. It does name the course it extends an engine for (CC-5512, Prof. Daniel Calderón) and its code repository.',
    ],
  },
  {
    id: 'seed-001',
    number: '001',
    shortName: "Thiago's Godot IK blog",
    authors: 'Thiago Lages de Alencar',
    title: 'Four blog posts tagged “inverse kinematics” (the series has no title of its own)',
    kind: 'Blog series: four posts, on look-at, two-bone IK, CCD and FABRIK, all in 2D on Godot’s node tree, with GDScript code.',
    publisher: 'The author’s blog (its address is not stated)',
    year: 'not stated',
    language: 'Portuguese',
    takes: [
      'Look-at with atan2 of the target relative to the joint, not of its own coordinates (lesson 2).',
      'Two-bone IK by the law of cosines, with a flag to flip the bend (lesson 3).',
      'That one negative scale axis reverses the direction of rotations, and that a 2D matrix cannot tell “scale x by −1” from “rotate 180° and scale y by −1”, which Godot’s own 2D IK trips over (lessons 1–4).',
      'CCD, a sweep from the tip to the root, “about the journey, not the destination” (lesson 4).',
      'FABRIK built from one move, reaching (lesson 5).',
    ],
    corrects: [
      'The look-at post’s table for recovering the quadrant from atan (add 0°, 90°, 180° or 270° by the signs of x and y) is wrong in two quadrants: for (−1, 1) it gives −45° + 90° = 45°, not 135°. The course does not use it; lesson 2 takes atan2, as the post also recommends.',
      'Its CCD stays stuck for ever when the chain lies straight along the line to the target. The course’s CCD notices a sweep that gained nothing, bends the chain slightly and carries on (lesson 4).',
      'Its game runs one CCD sweep per frame and never checks whether the tip arrived (the post says so itself). The course’s solvers stop at a tolerance, under an iteration cap (lesson 4).',
    ],
    numbering:
      'The posts have no numbered sections. A § number in the lessons is a post, in the order of the course’s English notes; the page we hold lists them newest first (FABRIK, CCD, two-bone IK, look-at).',
    sections: [
      { cited: '§1', where: 'the post on look-at' },
      { cited: '§2', where: 'the post on two-bone IK, with its “Extra - Negative Scale in Godot”' },
      { cited: '§3', where: 'the post on CCD' },
      { cited: '§4', where: 'the post on FABRIK' },
    ],
    unknown: [
      'Its year and its web address: the posts we hold carry no dates and no address.',
      'The posts’ own titles: the text we hold starts each post with its body.',
    ],
  },
  {
    id: 'seed-002',
    number: '002',
    shortName: "Białczak's Unity IK thesis",
    authors: 'Łukasz Jan Białczak',
    supervisors: 'dr inż. Adam Borowicz',
    title: 'Skeletal Animation Using Inverse Kinematics in the Unity Engine',
    kind: 'Engineering diploma thesis (praca dyplomowa inżynierska), Faculty of Computer Science (Wydział Informatyki).',
    publisher: 'Politechnika Białostocka (Białystok University of Technology)',
    year: '2023',
    language: 'English (the title page is in Polish)',
    takes: [
      'The families of IK methods (Jacobian, Newton, heuristic) and its comparison of them in words (lessons 4, 6 and 7).',
      'FABRIK, the two cases where a target cannot be reached (its Figs. 2.1 and 2.2), its tolerance-against-iterations figures, and its pole target, BendToPole (lesson 5).',
      'The procedural spider: rays that find the ground, a step threshold, the CanStep gait rule, the body placed from the feet, and its comparison with a baked spider, 100 of them at once (lesson 8).',
      'The button-pressing character: baked clips to lift and lower the hand, IK for the pressing, coroutines to sequence them, against a fully baked arm (lesson 10).',
    ],
    corrects: [
      'Its FABRIK checks only the outer reach. With a target in the dead zone (a first bone longer than the rest) its loop never ends: it has no iteration cap. The course checks both cases, answers a dead-zone target in closed form and caps every loop (lesson 5).',
      'Its FABRIK moves joint positions and never says how the bones turn. The course sets each bone’s rotation from the positions, mirrored parents included (lesson 5).',
      'One pass of pole mirroring, as in the thesis, can leave an early joint on the wrong side. The course repeats the pass until no joint moves (lesson 5).',
      'Its spider fixes a foot’s landing point when the step begins, and lifts the foot straight up in two straight moves. The course re-aims a foot in flight at where its ray hits now, so fast walking still lands on the ground, and lifts it on a smooth arc along the ground’s outward direction (lesson 8).',
      'Its glide loop stops one frame short of the destination, so the hand lands before the button. The course sets the destination at the end (lesson 10).',
      'It says FABRIK spreads the bending evenly along the chain. Measured over targets in every direction it does not lean on the tip as CCD does, but it is the least even of the four solvers (lesson 7).',
    ],
    numbering: NOTES,
    sections: [
      { cited: '§1.2', where: '§2.2: kinematics' },
      {
        cited: '§1.4',
        where:
          '§2.4: IK algorithms (§2.4.1 Jacobian methods, §2.4.2 Newton methods, §2.4.3 heuristic algorithms)',
      },
      { cited: '§2', where: '§4.1: its FABRIK (Fabrik.cs, Listings 4.1–4.4)' },
      { cited: '§2.7', where: 'Listing 4.4 and Fig. 4.2: the pole target' },
      { cited: '§3', where: '§4.2: spider movement' },
      { cited: '§4', where: '§4.3: the human animation sequence (pressing buttons)' },
      { cited: '§5', where: 'Ch. 5: experiments' },
      { cited: '§5.1', where: '§5.1: the baked animations' },
      { cited: '§5.2', where: '§5.2: visual comparison' },
      { cited: '§5.3', where: '§5.3: performance comparison' },
    ],
    unknown: [],
  },
  {
    id: 'seed-003',
    number: '003',
    shortName: "Hernández Rielo's creature thesis",
    authors: 'Laura Hernández Rielo',
    supervisors: 'Faraón Llorens Largo',
    title: 'Animación Procedimental: Dando vida a través del código',
    titleInEnglish: 'Procedural animation: bringing life through code',
    kind: 'Bachelor’s final project (Trabajo Fin de Grado), degree in Multimedia Engineering (Grado en Ingeniería Multimedia), Escuela Politécnica Superior. It surveys procedural animation and builds a small IK creature system in Unity.',
    publisher: 'Universidad de Alicante',
    year: '2019 (September)',
    language: 'Spanish',
    takes: [
      'A creature that follows a target, seen from above: it turns only when the target is more than 25° off its heading, walks in beyond 7.5 units and backs off inside 5 (lesson 9).',
      'Smoothing by 1 − e^(−k·Δt), which moves the same at any frame rate (lesson 9).',
      'Feet that step on their own: past their home by a fraction of a step, on a Bézier arc whose control point is raised by half the step’s length (lesson 9).',
      'A “semi IK” bone, a head or a scorpion’s sting, that turns towards the target within a maximum angle (lesson 9).',
      'IK targets kept outside the creature’s node tree, so planted feet stay put while the body moves (lesson 9).',
    ],
    corrects: [
      'Its printed head-turning code (Código 11) mixes local and world rotations. The course uses one consistent reading: clamp around the rest direction, then smooth (lesson 9).',
      'Its stepping code names the overshoot vector “towardOrigin” while its prose says the vector runs from the origin toward the leg; the two readings put the foot on opposite sides of its home. The course steps past home, in the direction the foot was lagging (lesson 9).',
    ],
    numbering:
      'A § number in the lessons is the thesis’s own section: §5.4 is “Animación”, the animation part of its system.',
    sections: [
      { cited: '§3.2', where: '§3.2: techniques of procedural animation (particles to IK)' },
      {
        cited: '§5.4',
        where:
          '§5.4: §5.4.1 following a target (RootMovement), §5.4.2 turning a bone (HeadMovement), §5.4.3 steps (WalkController)',
      },
    ],
    unknown: [],
  },
  {
    id: 'seed-004',
    number: '004',
    shortName: "Campbell Mendoza's PD-control thesis",
    authors: 'Freddy Campbell Mendoza',
    supervisors: 'Ing. Liudmila Pupo Peña and MSc. Yanoski Rogelio Camacho Román',
    title: 'Control Dinámico de personajes',
    titleInEnglish: 'Dynamic control of characters',
    kind: 'Diploma thesis (trabajo de diploma) for the degree of Ingeniero en Ciencias Informáticas, Facultad 5. It adds physics-driven characters to the SceneToolKit library: a ragdoll, PD controllers that follow an animation, and switching between them.',
    publisher: 'Universidad de las Ciencias Informáticas, Havana',
    year: '2010',
    language: 'Spanish',
    takes: [
      'A character of rigid bodies whose joints follow an animation through PD torques, τ = k_s(θ̂ − θ) + k_d(ω̂ − ω) (lesson 16).',
      'Gains from the body instead of tuning: k_s = m/λ², k_d = 2m/λ, λ = t̂/n, with m the moment of inertia of everything below the joint, summed in one pass from the limbs to the pelvis (lesson 16).',
      'A torque limit, parent-torque compensation, a ragdoll, and switching between kinematic, PD and ragdoll control with the state carried over (lesson 16).',
      'Its survey of physics engines: ODE, PhysX and Bullet (lesson 17).',
    ],
    corrects: [
      'It prints the damping term with a minus sign, which would push a joint away from the animation’s speed. The course uses +2m/λ (lesson 16).',
      'It takes n = −1/ln f = 9.49 for “remove 90% of the error in t̂”; that leaves 0.08%. A critically damped joint needs n = 3.89 for 10% (lesson 16).',
      'It writes the critical-damping condition with the inertia on the wrong side; its final torque satisfies the right one, k_d² = 4 m k_s (lesson 16).',
      'Its parent-torque compensation adds an acceleration to a torque. The course multiplies it by the joint’s inertia (lesson 16).',
    ],
    numbering:
      'A § number is the thesis’s own, as its table of contents prints it: §1.4 is the PD controller (its subsections 1.4.1–1.4.5), §2.3 the physical animation it built.',
    sections: [
      {
        cited: '§1.4',
        where:
          '§1.4.1–1.4.5: physical keyframes, PD parameters, the composite inertia tensor, the moment about the joint, parent-torque compensation',
      },
      {
        cited: '§2.3',
        where:
          '§2.3: physical animation (2.3.1 the engine, after its survey of ODE, PhysX and Bullet; 2.3.2 ragdoll; 2.3.3 PD controllers)',
      },
    ],
    unknown: [
      'How well its system worked: it reports no experiments or measurements, and its figures (1–22) survive only as captions.',
    ],
  },
];

const byNumber = new Map(SOURCES.map((s) => [s.number, s]));

/** The link to a source’s entry on the Sources page. `page` is the course page, '' when on it. */
export const sourceHref = (id: string, page = ''): string => `${page}${sourcesHref(id)}`;

/** One full reference, as a tooltip or a screen reader would want it. */
export function referenceText(s: Source): string {
  const title = s.titleInEnglish ? `${s.title} (${s.titleInEnglish})` : s.title;
  const year = s.year === 'not stated' ? 'year not stated' : s.year;
  return `${s.authors}, ${title}. ${s.publisher}, ${year}. In ${s.language}.`;
}

// "seed 001", then what it points at: §2, §1.4, §2–3, §6.4–§6.8, eq. 2.2, eq. 17/18, Fig. 2.2,
// Figs. 2.1–2.2, Table 4.1, Annex B, in lists joined by "," or "and". A parenthesis after it
// ("seed 001 (§2, the bend)") stays text, and so does a possessive ("seed 002's").
const NUM = String.raw`\d+(?:\.\d+)*`;
const ITEM =
  String.raw`(?:§\s?${NUM}(?:\s?[–-]\s?§?${NUM})?|eqs?\.\s?${NUM}(?:\/${NUM})?` +
  String.raw`|Figs?\.\s?${NUM}(?:\s?[–-]\s?${NUM})?|Tables?\s${NUM}|Annex\s[A-Z]\b)`;
const LOCATOR = String.raw`(?:,?\s(${ITEM}(?:(?:,\s|,?\sand\s)${ITEM})*))?`;
const CITATION = String.raw`seed\s(\d{3})\b${LOCATOR}`;

/** A citation at the very start of `text` (how a Markdown tokenizer meets it). */
export const CITATION_AT_START = new RegExp(`^${CITATION}`, 'i');
/** Where the next citation may start in `text`, or -1. */
export const nextCitationIndex = (text: string): number => text.search(/\bseed\s\d{3}\b/i);

export interface CitationPart {
  /** The text as written, e.g. "seed 001 §2". */
  text: string;
  /** What a reader sees instead, e.g. "Thiago’s Godot IK blog, §2". */
  label: string;
  href: string;
  /** The full reference, and where a cited § is in the original. */
  title: string;
  source: Source;
}

/** The link for one matched citation: `number` as "001", `locator` as "§2" (or ''). */
function linkFor(text: string, number: string, locator: string, page: string): CitationPart | null {
  const source = byNumber.get(number);
  if (!source) return null;
  const where = locator.replace(/\s+/g, ' ');
  const first = /^§\s?(\d+(?:\.\d+)*)/.exec(where);
  const section = first && source.sections.find((s) => s.cited === `§${first[1]}`);
  const hint = section ? ` Cited ${section.cited}: in the original, ${section.where}.` : '';
  return {
    text,
    label: where ? `${source.shortName}, ${where}` : source.shortName,
    href: sourceHref(source.id, page),
    title: referenceText(source) + hint,
    source,
  };
}

/** `text` split into plain strings and citations of known sources, in order. */
export function citationParts(text: string, page = ''): (string | CitationPart)[] {
  const parts: (string | CitationPart)[] = [];
  const pattern = new RegExp(String.raw`\b${CITATION}`, 'gi');
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    const link = linkFor(m[0], m[1]!, m[2] ?? '', page);
    if (!link) continue;
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(link);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * One citation, such as "seed 001 §2", "seed 002 §1.4", "(seed 002)" or a lesson’s credit
 * "seed 001 (§2, two-bone IK with the law of cosines)", as a label and the link to its source:
 * "Thiago’s Godot IK blog, §2" and "#/sources/seed-001". Null when `text` cites no known source,
 * or several (for those, `citationParts` gives each link).
 */
export function citationLink(text: string): { label: string; href: string } | null {
  const inner = text.trim().replace(/^\((.*)\)$/s, '$1');
  const parts = citationParts(inner);
  const links = parts.filter((p): p is CitationPart => typeof p !== 'string');
  if (links.length !== 1) return null;
  const label = parts
    .map((p) => (typeof p === 'string' ? p : p.label))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return { label, href: links[0]!.href };
}

/** The ids of the sources `text` cites. */
export const citedSourceIds = (text: string): Set<string> =>
  new Set(
    citationParts(text)
      .filter((p): p is CitationPart => typeof p !== 'string')
      .map((p) => p.source.id),
  );

/** One citation as an HTML link. */
export const citationAnchorHtml = (c: CitationPart): string =>
  `<a class="citation" href="${escapeHtml(c.href)}" title="${escapeHtml(c.title)}">${escapeHtml(c.label)}</a>`;

/** Plain `text` as HTML, every citation in it a link to its source. */
export const citationHtml = (text: string, page = ''): string =>
  citationParts(text, page)
    .map((p) => (typeof p === 'string' ? escapeHtml(p) : citationAnchorHtml(p)))
    .join('');

/** Appends `text` to `parent`, every citation in it a link to its source (for DOM builders). */
export function appendCitations(parent: HTMLElement, text: string, page = ''): void {
  for (const part of citationParts(text, page)) {
    if (typeof part === 'string') {
      parent.append(part);
      continue;
    }
    const a = document.createElement('a');
    a.className = 'citation';
    a.href = part.href;
    a.title = part.title;
    a.textContent = part.label;
    parent.append(a);
  }
}

/**
 * The course page, as seen from a page whose demos open embeds at `embedUrl` (the embed page
 * sits in `playground/`, one folder below the course): '' on the course page itself, so its
 * links stay in-page hash links, and the course’s address anywhere else.
 */
export function coursePageFor(embedUrl: string, pageUrl: string): string {
  const course = new URL('../index.html', new URL(embedUrl, pageUrl));
  const page = new URL(pageUrl);
  const samePath =
    page.origin === course.origin &&
    (page.pathname === course.pathname || `${page.pathname}index.html` === course.pathname);
  return samePath ? '' : course.href;
}
