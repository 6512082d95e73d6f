import type { Node } from '../../scene/node.ts';
import { isEditable, type Property } from '../../scene/property.ts';
import { EXPOSABLE_KINDS } from '../../scene/scene-json.ts';
import { el } from '../../ui/dom.ts';
import { nodeIcon } from '../../ui/node-icons.ts';
import { exposedName, type SceneEditor } from '../editor/scene-editor.ts';
import type { Field } from './field-kit.ts';
import { fieldFor } from './fields.ts';

/**
 * The inspector: the selected node's properties, grouped as its type describes them, each with
 * the editor its kind calls for. Read-only values (the global transform beside the local one,
 * a solver's last result) refresh while the scene runs. A property a URL can set has a "URL"
 * box: ticked, an embed of this scene takes it as a parameter.
 */
export class Inspector {
  readonly element = el('section', 'pg-inspector');
  private readonly body = el('div', 'pg-inspector__body');
  private fields: Field[] = [];
  private shown: Node | null = null;
  /** The shown node's name when built: a rename rebuilds the heading and the URL names. */
  private shownName = '';

  constructor(private readonly editor: SceneEditor) {
    const heading = el('h2', 'pg-panel__title', 'Inspector');
    this.element.setAttribute('aria-label', 'Inspector');
    this.element.append(heading, this.body);
    editor.changed.connect((kind) => {
      if (kind === 'selection' || kind === 'scene' || this.shown?.root !== editor.root)
        this.rebuild();
      else this.refresh();
    });
    this.rebuild();
  }

  /** Shows live values (call every few frames). */
  refresh(): void {
    for (const f of this.fields) f.refresh();
  }

  private rebuild(): void {
    const node = this.editor.selected ?? this.editor.root;
    if (node === this.shown && this.body.childElementCount) return this.refresh();
    this.shown = node;
    this.shownName = node.name;
    this.fields = [];
    const types = this.editor.types;
    const type = types.of(node);
    const head = el('div', 'pg-inspector__head');
    const icon = el('span', 'pg-inspector__icon', nodeIcon(node.typeName));
    icon.setAttribute('aria-hidden', 'true');
    const title = el('h3', 'pg-inspector__name');
    title.append(
      icon,
      el('span', '', ` ${node.name} `),
      el('span', 'pg-inspector__type', node.typeName),
    );
    head.append(title, el('p', 'pg-inspector__summary', type.summary));
    this.body.replaceChildren(head);
    let group: HTMLElement | null = null;
    let groupName = '';
    for (const p of types.properties(type)) {
      if (p.group !== groupName || !group) {
        groupName = p.group;
        group = el('fieldset', 'pg-group');
        group.append(el('legend', 'pg-group__title', p.group));
        this.body.append(group);
      }
      const field = fieldFor({ editor: this.editor, node, property: p });
      if (canExpose(p)) field.element.append(this.exposeBox(node, p));
      group.append(field.element);
      this.fields.push(field);
    }
  }

  private exposeBox(node: Node, p: Property): HTMLElement {
    const label = el('label', 'pg-expose');
    const box = el('input');
    box.type = 'checkbox';
    const name = () => this.editor.isExposed(node, p.name)?.as ?? exposedName(node.name, p.name);
    const sync = () => {
      box.checked = !!this.editor.isExposed(node, p.name);
      label.title = box.checked
        ? `An embed of this scene takes ?${name()}${p.kind.type === 'vector' ? '.x / .y' : ''}=… in its URL.`
        : 'Let an embed of this scene set this from its URL.';
    };
    box.setAttribute(
      'aria-label',
      `Let an embed set ${node.name}’s ${p.label.toLowerCase()} from its URL`,
    );
    box.addEventListener('change', () => {
      this.editor.setExposed(node, p.name, box.checked, exposedName(node.name, p.name));
      sync();
    });
    label.append(box, document.createTextNode(' URL'));
    sync();
    return label;
  }
}

const canExpose = (p: Property) =>
  isEditable(p) && (EXPOSABLE_KINDS as readonly string[]).includes(p.kind.type);
