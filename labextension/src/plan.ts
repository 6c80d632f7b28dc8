/**
 * The conversation's plan in the Orkas side panel (docs/jupyterlab.md, "Plans in the panel";
 * protocol: docs/chat-protocol.md, "Plans").
 *
 * - A small DAG: one box per step in columns by depth, arrows for `wait_for`, the status as
 *   the box's colour (the cell's colours, orchestra/plan_view.py STATUS_COLORS), the assignee.
 * - Each `plan` message updates it in place: boxes keep their elements while the steps stay
 *   the same; a different plan (or an edited one) is drawn anew.
 * - Click a step: its summary, output, failure or question below the graph.
 * - Pause / Resume / Cancel send `plan_action`; a blocked step's question has an answer box
 *   that sends `plan_answer`.
 */
import { IChatMessage } from './bridge';

type JSONObject = { [key: string]: any };

export const STATUS_COLORS: { [status: string]: string } = {
  pending: '#d0d7de', in_progress: '#54aeff', done: '#4ac26b', failed: '#ff8182',
  skipped: '#afb8c1', blocked: '#d4a72c'
};
const MARKS: { [status: string]: string } = {
  pending: '·', in_progress: '▶', done: '✓', failed: '✗', skipped: '⤼', blocked: '?'
};
const LABELS: { [status: string]: string } = { in_progress: 'running' };
const SVG = 'http://www.w3.org/2000/svg';
// Box width and height, gaps between columns and rows (narrower than the cell's view).
const W = 132;
const H = 44;
const GX = 30;
const GY = 10;
const ACTIVE = ['running', 'paused', 'blocked'];

/** A step as written (plan_model.py StepSpec). */
interface IStepSpec {
  id: number;
  title: string;
  assignee: string;
  input: string;
  wait_for: number[] | null;
  on_failure: string;
}

/** A step's run state (plan_model.py StepState). */
interface IStepState {
  status: string;
  output?: string;
  output_summary?: string;
  failure_reason?: string;
  question?: string;
  answer?: string;
  attempts?: number;
}

/** The `plan` message's plan. */
interface IPlan {
  id: string;
  spec: { title: string; steps: IStepSpec[]; parallel: number };
  state: { status: string; reason: string; steps: { [id: string]: IStepState } };
}

/** The steps a step waits for (no `wait_for`: the previous step). */
export function upstream(step: IStepSpec): number[] {
  if (step.wait_for !== null && step.wait_for !== undefined) {
    return step.wait_for;
  }
  return step.id > 1 ? [step.id - 1] : [];
}

/** Each step's column: one more than the deepest step it waits for. */
export function levels(steps: IStepSpec[]): Map<number, number> {
  const byId = new Map(steps.map(s => [s.id, s]));
  const level = new Map<number, number>();
  const depth = (id: number, seen: Set<number>): number => {
    const known = level.get(id);
    if (known !== undefined) {
      return known;
    }
    const step = byId.get(id);
    if (!step || seen.has(id)) {  // checked by the kernel; never loop on bad data
      return 0;
    }
    seen.add(id);
    const ups = upstream(step).filter(u => byId.has(u));
    const value = ups.length ? 1 + Math.max(...ups.map(u => depth(u, seen))) : 0;
    level.set(id, value);
    return value;
  };
  steps.forEach(s => depth(s.id, new Set()));
  return level;
}

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : text.slice(0, limit - 1) + '…';
}

function svg(tag: string, attrs: { [name: string]: string | number }): SVGElement {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    el.setAttribute(name, String(value));
  }
  return el;
}

function element(tag: string, className: string, text = ''): HTMLElement {
  const el = document.createElement(tag);
  el.className = className;
  if (text) {
    el.textContent = text;
  }
  return el;
}

export class PlanView {
  /** The section the panel places above its messages; hidden until a plan arrives. */
  readonly node: HTMLElement;

  /** @param send - sends a chat-protocol message to the kernel */
  constructor(private readonly send: (msg: JSONObject) => void) {
    this.node = element('div', 'orkas-Plan');
    this.node.hidden = true;
    const head = element('div', 'orkas-PlanHead');
    this._title = element('span', 'orkas-PlanTitle');
    this._status = element('span', 'orkas-PlanStatus');
    head.append(this._title, this._status);
    const buttons = element('span', 'orkas-PlanButtons');
    for (const [action, label] of [['pause', 'Pause'], ['resume', 'Resume'],
                                   ['cancel', 'Cancel']]) {
      const button = element('button', `orkas-PlanAction orkas-mod-${action}`, label) as
        HTMLButtonElement;
      button.type = 'button';
      button.dataset.action = action;
      button.addEventListener('click', () => {
        this._setButtons([]);  // until the kernel says what the plan is now
        this.send({ type: 'plan_action', action });
      });
      buttons.append(button);
      this._buttons.push(button);
    }
    head.append(buttons);
    this._reason = element('div', 'orkas-PlanReason');
    this._graph = element('div', 'orkas-PlanGraph');
    this._questions = element('div', 'orkas-PlanQuestions');
    this._detail = element('div', 'orkas-PlanDetail');
    this.node.append(head, this._reason, this._graph, this._questions, this._detail);
  }

  /** Another notebook's chat is shown: forget this plan. */
  reset(): void {
    this._plan = null;
    this._shape = '';
    this._selected = null;
    this._boxes.clear();
    this._graph.innerHTML = '';
    this._questions.innerHTML = '';
    this._detail.innerHTML = '';
    this.node.hidden = true;
  }

  /** Draw a `plan` message; false for every other message. */
  handle(msg: IChatMessage): boolean {
    if (msg.type !== 'plan' || !msg.plan) {
      return false;
    }
    this._show(msg.plan as unknown as IPlan);
    return true;
  }

  private _show(plan: IPlan): void {
    const previous = this._plan;
    this._plan = plan;
    this.node.hidden = false;
    this.node.dataset.planId = plan.id;
    this.node.dataset.status = plan.state.status;
    const steps = plan.spec.steps;
    const done = steps.filter(s => this._state(s.id).status === 'done').length;
    this._title.textContent = `Plan${plan.spec.title ? ': ' + plan.spec.title : ''}`;
    this._status.textContent = `${plan.state.status} · ${done}/${steps.length} done`;
    this._reason.textContent = plan.state.status !== 'running' ? plan.state.reason : '';
    const status = plan.state.status;
    this._setButtons([
      ...(status === 'running' || status === 'blocked' ? ['pause'] : []),
      ...(status === 'paused' ? ['resume'] : []),
      ...(ACTIVE.includes(status) ? ['cancel'] : [])]);
    const shape = JSON.stringify([plan.id, steps]);
    if (shape !== this._shape) {
      this._shape = shape;
      this._draw(steps);
      if (!previous || previous.id !== plan.id) {
        this._selected = null;
      }
    }
    for (const step of steps) {
      this._paint(step);
    }
    this._ask(steps);
    this._describe();
  }

  private _state(id: number): IStepState {
    return this._plan?.state.steps[String(id)] ?? { status: 'pending' };
  }

  private _setButtons(enabled: string[]): void {
    for (const button of this._buttons) {
      button.disabled = !enabled.includes(button.dataset.action ?? '');
    }
  }

  /** The graph's boxes and arrows (their colours come from `_paint`). */
  private _draw(steps: IStepSpec[]): void {
    const level = levels(steps);
    const rows = new Map<number, number>();
    const pos = new Map<number, [number, number]>();
    for (const step of steps) {
      const col = level.get(step.id) ?? 0;
      const row = rows.get(col) ?? 0;
      rows.set(col, row + 1);
      pos.set(step.id, [col * (W + GX) + 2, row * (H + GY) + 2]);
    }
    const width = (Math.max(0, ...level.values()) + 1) * (W + GX) - GX + 4;
    const height = Math.max(1, ...rows.values()) * (H + GY) - GY + 4;
    const root = svg('svg', { class: 'orkas-PlanDag', width, height,
                              viewBox: `0 0 ${width} ${height}` });
    const defs = svg('defs', {});
    const marker = svg('marker', { id: 'orkas-plan-arrow', markerWidth: 8, markerHeight: 8,
                                   refX: 7, refY: 4, orient: 'auto' });
    marker.append(svg('path', { d: 'M0,0 L8,4 L0,8 z', fill: '#57606a' }));
    defs.append(marker);
    root.append(defs);
    for (const step of steps) {
      const [x2, y2] = pos.get(step.id) as [number, number];
      for (const up of upstream(step)) {
        const from = pos.get(up);
        if (from) {
          root.append(svg('line', { 'class': 'orkas-PlanArrow', 'data-from': up,
                                    'data-to': step.id, 'x1': from[0] + W,
                                    'y1': from[1] + H / 2, 'x2': x2 - 2, 'y2': y2 + H / 2,
                                    'stroke': '#57606a',
                                    'marker-end': 'url(#orkas-plan-arrow)' }));
        }
      }
    }
    this._boxes.clear();
    for (const step of steps) {
      const [x, y] = pos.get(step.id) as [number, number];
      const box = svg('g', { 'class': 'orkas-PlanStep', 'data-step': step.id });
      const tip = svg('title', {});
      const rect = svg('rect', { x, y, width: W, height: H, rx: 6, stroke: '#57606a' });
      const name = svg('text', { 'x': x + 6, 'y': y + 17, 'font-weight': 'bold' });
      name.textContent = cut(`${step.id}. ${step.title}`, 19);
      const line = svg('text', { x: x + 6, y: y + 34 });
      box.append(tip, rect, name, line);
      box.addEventListener('click', () => {
        this._selected = this._selected === step.id ? null : step.id;
        this._describe();
      });
      root.append(box);
      this._boxes.set(step.id, box);
    }
    this._graph.replaceChildren(root);
  }

  /** One box's colour, status line and tooltip, in place. */
  private _paint(step: IStepSpec): void {
    const box = this._boxes.get(step.id);
    if (!box) {
      return;
    }
    const st = this._state(step.id);
    box.setAttribute('data-status', st.status);
    box.querySelector('rect')?.setAttribute('fill', STATUS_COLORS[st.status] ?? '#ffffff');
    const label = LABELS[st.status] ?? st.status;
    const line = box.querySelectorAll('text')[1];
    line.textContent = `${cut(step.assignee, 10)} · ${MARKS[st.status] ?? ''} ${label}`;
    const tip = box.firstElementChild as SVGElement;  // its <title>
    tip.textContent = st.question || st.failure_reason || st.output_summary || label;
  }

  /** An answer box for each blocked step (a box being typed in stays as it is). */
  private _ask(steps: IStepSpec[]): void {
    const blocked = steps.filter(s => this._state(s.id).status === 'blocked');
    const keep = new Set(blocked.map(s => String(s.id)));
    for (const el of Array.from(this._questions.children) as HTMLElement[]) {
      if (!keep.has(el.dataset.step ?? '') ||
          el.dataset.question !== (this._state(Number(el.dataset.step)).question ?? '')) {
        el.remove();
      }
    }
    for (const step of blocked) {
      const question = this._state(step.id).question ?? '';
      if (this._questions.querySelector(`[data-step="${step.id}"]`)) {
        continue;
      }
      const box = element('div', 'orkas-PlanQuestion');
      box.dataset.step = String(step.id);
      box.dataset.question = question;
      const who = step.assignee === 'user' ? '' : ` (${step.assignee} asks)`;
      box.append(element('div', 'orkas-PlanQuestionText',
                         `Step ${step.id} "${step.title}"${who}: ${question}`));
      const input = element('textarea', 'orkas-PlanAnswerText') as HTMLTextAreaElement;
      input.rows = 2;
      input.placeholder = 'Your answer… (Shift+Enter to send)';
      const button = element('button', 'orkas-PlanAnswer', 'Answer') as HTMLButtonElement;
      button.type = 'button';
      const answer = (): void => {
        const text = input.value.trim();
        if (!text) {
          return;
        }
        button.disabled = input.disabled = true;
        this.send({ type: 'plan_answer', step: step.id, text });
      };
      button.addEventListener('click', answer);
      input.addEventListener('keydown', event => {
        if (event.key === 'Enter' && event.shiftKey) {
          event.preventDefault();
          answer();
        }
      });
      box.append(input, button);
      this._questions.append(box);
    }
  }

  /** What the selected step says: its summary, output, failure or question. */
  private _describe(): void {
    for (const [id, box] of this._boxes) {
      box.classList.toggle('orkas-mod-selected', id === this._selected);
    }
    const step = this._plan?.spec.steps.find(s => s.id === this._selected);
    this._detail.replaceChildren();
    this._detail.hidden = !step;
    if (!step) {
      return;
    }
    const st = this._state(step.id);
    this._detail.dataset.step = String(step.id);
    const after = upstream(step);
    this._detail.append(element('div', 'orkas-PlanDetailHead',
      `${step.id}. ${step.title} — ${step.assignee}, ${LABELS[st.status] ?? st.status}` +
      (after.length ? ` · after ${after.join(', ')}` : '') +
      (st.attempts && st.attempts > 1 ? ` · attempt ${st.attempts}` : '')));
    const parts: [string, string | undefined][] = [
      ['question', st.question && st.status === 'blocked' ? st.question : ''],
      ['answer', st.answer], ['failure', st.failure_reason],
      ['summary', st.output_summary !== st.answer ? st.output_summary : ''],
      ['output', st.output !== st.output_summary ? st.output : ''],
      ['input', st.status === 'pending' ? step.input : '']];
    for (const [kind, text] of parts) {
      if (text) {
        const block = element('div', `orkas-PlanDetailPart orkas-mod-${kind}`);
        block.append(element('span', 'orkas-PlanDetailLabel', kind),
                     element('pre', 'orkas-PlanDetailText', cut(text, 4000)));
        this._detail.append(block);
      }
    }
  }

  private _plan: IPlan | null = null;
  private _shape = '';
  private _selected: number | null = null;
  private _boxes = new Map<number, SVGElement>();
  private _buttons: HTMLButtonElement[] = [];
  private _title: HTMLElement;
  private _status: HTMLElement;
  private _reason: HTMLElement;
  private _graph: HTMLElement;
  private _questions: HTMLElement;
  private _detail: HTMLElement;
}
