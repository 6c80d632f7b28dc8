/**
 * The team view of the Orkas side panel (docs/chat-protocol.md, "Agent teams"; docs/teams.md).
 *
 * - Each member's messages are a block under its name; once a team has spoken in the chat,
 *   Commander's blocks are labelled "commander" too.
 * - A `dispatch_to` / `run_worker` call is a card: collapsed, the agent's name, its state and
 *   the task; open, the child's transcript — its texts (streamed, then rendered) and tool
 *   cards, live from the events whose `parent` is the card's call id, rebuilt from the
 *   history's `transcript` on a reload.
 * - Floor notices ("Commander handed the floor to tutor.") stand out; an approval a child asks
 *   for names the agent.
 *
 * The panel offers every message to `handle` first and draws the history with `history`, so a
 * reload shows the structure the live turn showed.
 */
import { IRenderMimeRegistry } from '@jupyterlab/rendermime';

import { IChatMessage } from './bridge';

/** The calls whose card holds a child's transcript. */
const CHILD_TOOLS = new Set(['dispatch_to', 'run_worker']);
const COMMANDER = 'commander';
/** A hand-back marker alone on the last line (orchestra/orchestra.py `strip_handback`). */
const HANDBACK = /(?:^|\n)[ \t]*<handback\s*\/>[ \t]*\s*$/;
/** The result the engine gives a call a Stop cut off (engine/history.py INTERRUPTED_TEXT). */
const INTERRUPTED = 'Tool call was interrupted';

const STATE_LABELS: { [state: string]: string } = {
  running: 'running…', done: 'done', failed: 'failed', stopped: 'stopped'
};

/** A tool call of a history entry (chat.py `history_view`). */
interface IToolEntry {
  id?: string;
  name: string;
  arguments: string;
  is_error: boolean;
  summary: string;
  transcript?: IEntry[];
}

/** One message of the history replay. */
interface IEntry {
  role: string;
  markdown: string;
  agent?: string;
  tools?: IToolEntry[];
}

interface ISpeech {
  speaker: string;
  body: HTMLElement;
}

export class TeamView {
  /**
   * @param list - the panel's message list (where blocks, cards and notices go)
   * @param rendermime - JupyterLab's renderers, for Markdown; null: plain text
   */
  constructor(private readonly list: () => HTMLElement,
              private readonly rendermime: IRenderMimeRegistry | null) {}

  /** A new chat is shown: nothing of the previous one applies. */
  reset(): void {
    this._active = false;
    this._speech = null;
    this._childTools.clear();
  }

  /** Draw `msg` when it is the team's business; false leaves it to the panel. */
  handle(msg: IChatMessage): boolean {
    if (typeof msg.parent === 'string' && msg.parent) {
      this._child(msg);
      return true;
    }
    const agent = typeof msg.agent === 'string' ? msg.agent : '';
    switch (msg.type) {
      case 'delta':
        if (!agent && !this._active) {
          return false;
        }
        this._delta(agent || COMMANDER, String(msg.text ?? ''));
        return true;
      case 'assistant_end':
        if (!agent && !this._active) {
          this._speech = null;
          return false;
        }
        this._said(agent || COMMANDER, String(msg.markdown ?? ''));
        return true;
      case 'tool_start':
        this._speech = null;
        if (CHILD_TOOLS.has(msg.name)) {
          this._active = true;
          if (!this._card(msg.id)) {  // not already made by an event from inside it
            this.list().append(dispatchCard(msg.id, msg.name, msg.arguments));
          }
          return true;
        }
        if (agent) {  // a member holding the floor works with its tools
          this.list().append(toolCard(msg.id, msg.name, msg.arguments, agent));
          fillApprovals(this.list(), agent, msg.name, msg.arguments);
          return true;
        }
        return false;
      case 'tool_end': {
        const card = this._card(msg.id);
        if (!card) {
          return false;
        }
        if (card.classList.contains('orkas-Dispatch')) {
          finishDispatch(card, !!msg.is_error, msg.summary);
        } else {
          finishTool(card, msg.name, !!msg.is_error, msg.summary, msg.images);
        }
        return true;
      }
      case 'notice':
        if (msg.kind !== 'floor' && !agent) {
          return false;
        }
        this._speech = null;
        this._active = true;
        this.list().append(msg.kind === 'floor' ? floorNote(msg.text)
          : note(msg.level, `${agent}: ${msg.text}`));
        return true;
      case 'done':
        // A card still running when the turn ended was stopped with it (a Stop ends them all).
        this.list().querySelectorAll('.orkas-Dispatch[data-state="running"]')
          .forEach(card => setState(card as HTMLElement, 'stopped'));
        this._speech = null;
        return false;
      case 'user':
        this._speech = null;
        return false;
      default:
        return false;
    }
  }

  /** The history replay, drawn as the live turn drew it. */
  history(entries: IEntry[]): void {
    const list = this.list();
    this._speech = null;
    for (const entry of entries) {
      if (entry.role === 'user') {
        const bubble = element('div', 'orkas-Message orkas-mod-user');
        bubble.textContent = entry.markdown;
        list.append(bubble);
      } else if (entry.role === 'notice') {
        list.append(floorNote(entry.markdown));
      } else if (entry.role === 'assistant') {
        const agent = entry.agent || '';
        if (agent) {
          this._active = true;
        }
        const text = agent ? stripHandback(entry.markdown) : entry.markdown;
        if (text) {
          list.append(agent || this._active ? this._block(agent || COMMANDER, text)
            : this._plain(text));
        }
        for (const tool of entry.tools ?? []) {
          list.append(this._historyTool(tool, agent));
          if (tool.name === 'hand_off_to' && !tool.is_error) {
            // Live, the orchestra says so once the hand-off's call ended.
            list.append(floorNote(`Commander handed the floor to ${argsOf(tool.arguments).agent}.`));
          }
        }
      }
    }
  }

  /** Name the agent on an approval a team member asks for. */
  labelApproval(box: HTMLElement, msg: IChatMessage): void {
    const agent = typeof msg.agent === 'string' ? msg.agent : '';
    if (!agent) {
      return;
    }
    box.dataset.agent = agent;
    box.classList.add('orkas-mod-agent');
    const label = element('div', 'orkas-Speaker');
    label.textContent = `${agent} asks`;
    box.prepend(label);
    // The panel guessed the call from Commander's last tool; the member's own call is the one.
    box.querySelector('.orkas-ApprovalArgs')?.remove();
    const last = this._childTools.get(agent);
    if (last && last.name === msg.tool) {
      fillApprovals(this.list(), agent, last.name, last.arguments);
    }
  }

  private _historyTool(tool: IToolEntry, agent: string): HTMLElement {
    const id = tool.id ?? '';
    if (!CHILD_TOOLS.has(tool.name)) {
      const card = toolCard(id, tool.name, tool.arguments, agent);
      finishTool(card, tool.name, tool.is_error, tool.summary, []);
      return card;
    }
    this._active = true;
    const card = dispatchCard(id, tool.name, tool.arguments);
    const body = card.querySelector('.orkas-Transcript') as HTMLElement;
    for (const step of tool.transcript ?? []) {
      const who = step.agent || card.dataset.agent || 'worker';
      if (step.markdown.trim()) {
        body.append(this._block(who, step.markdown));
      }
      for (const inner of step.tools ?? []) {
        const child = toolCard(inner.id ?? '', inner.name, inner.arguments, '');
        finishTool(child, inner.name, inner.is_error, inner.summary, []);
        body.append(child);
      }
    }
    finishDispatch(card, tool.is_error, tool.summary);
    return card;
  }

  /** An event from inside a dispatch or worker call: into that call's card. */
  private _child(msg: IChatMessage): void {
    let card = this._card(msg.parent);
    if (!card) {
      // The panel opened during the call: a card for what is still to come.
      card = dispatchCard(msg.parent, 'dispatch_to', JSON.stringify({ agent: msg.agent ?? '' }));
      this.list().append(card);
    }
    const body = card.querySelector('.orkas-Transcript') as HTMLElement;
    const agent = String(msg.agent || card.dataset.agent || 'worker');
    // The child's answer as it streams: one plain-text block per card, which its
    // assistant_end replaces with the rendered answer.
    const streaming = body.querySelector(':scope > .orkas-mod-streaming') as HTMLElement | null;
    switch (msg.type) {
      case 'delta': {
        let block = streaming;
        if (!block) {
          block = this._block(agent, '');
          block.classList.add('orkas-mod-streaming');
          body.append(block);
        }
        (block.querySelector('.orkas-SpeechText') as HTMLElement).textContent +=
          String(msg.text ?? '');
        break;
      }
      case 'assistant_end': {
        const text = String(msg.markdown ?? '').trim() ? this._block(agent, msg.markdown) : null;
        if (streaming && text) {
          streaming.replaceWith(text);
        } else {
          streaming?.remove();
          if (text) {
            body.append(text);
          }
        }
        break;
      }
      case 'tool_start':
        streaming?.remove();
        this._childTools.set(agent, { name: msg.name, arguments: msg.arguments });
        body.append(toolCard(msg.id, msg.name, msg.arguments, ''));
        fillApprovals(this.list(), agent, msg.name, msg.arguments);
        break;
      case 'tool_end': {
        let tool = body.querySelector(`.orkas-Tool[data-call-id="${CSS.escape(msg.id)}"]`);
        if (!tool) {
          tool = toolCard(msg.id, msg.name, '', '');
          body.append(tool);
        }
        finishTool(tool as HTMLElement, msg.name, !!msg.is_error, msg.summary, msg.images);
        break;
      }
      case 'notice':
        body.append(note(msg.level, msg.text));
        break;
      default:
        break;
    }
  }

  private _card(id: unknown): HTMLElement | null {
    if (typeof id !== 'string' || !id) {
      return null;
    }
    return this.list().querySelector(
      `.orkas-Tool[data-team][data-call-id="${CSS.escape(id)}"]`) as HTMLElement | null;
  }

  private _delta(speaker: string, text: string): void {
    if (!this._speech || this._speech.speaker !== speaker) {
      const block = this._block(speaker, '');
      this.list().append(block);
      this._speech = { speaker, body: block.querySelector('.orkas-SpeechText') as HTMLElement };
    }
    this._speech.body.textContent += text;
  }

  private _said(speaker: string, markdown: string): void {
    const text = speaker === COMMANDER ? markdown : stripHandback(markdown);
    const speech = this._speech && this._speech.speaker === speaker ? this._speech : null;
    this._speech = null;
    if (speech) {
      // The streamed text gives way to the rendered answer, in the same place.
      const block = speech.body.parentElement as HTMLElement;
      if (text) {
        block.replaceWith(this._block(speaker, text));
      } else {
        block.remove();
      }
    } else if (text) {
      this.list().append(this._block(speaker, text));
    }
  }

  /** One speaker's block: its name, then its text (Markdown when it is final). */
  private _block(speaker: string, markdown: string): HTMLElement {
    const block = element('div', `orkas-Message orkas-mod-assistant orkas-mod-agent` +
      (speaker === COMMANDER ? ' orkas-mod-commander' : ''));
    block.dataset.agent = speaker;
    const name = element('div', 'orkas-Speaker');
    name.textContent = speaker;
    const body = element('div', 'orkas-SpeechText');
    block.append(name, body);
    if (markdown) {
      this._markdown(body, markdown);
    }
    return block;
  }

  /** Commander's answer before any team spoke: the panel's usual bubble. */
  private _plain(markdown: string): HTMLElement {
    const bubble = element('div', 'orkas-Message orkas-mod-assistant');
    this._markdown(bubble, markdown);
    return bubble;
  }

  private _markdown(into: HTMLElement, text: string): void {
    const factory = this.rendermime;
    if (!factory) {
      into.textContent = text;
      return;
    }
    const renderer = factory.createRenderer('text/markdown');
    const model = factory.createModel({ data: { 'text/markdown': text }, trusted: false });
    into.append(renderer.node);
    void renderer.renderModel(model);
  }

  private _active = false;
  private _speech: ISpeech | null = null;
  private _childTools = new Map<string, { name: string; arguments: string }>();
}

/** A reply without its final hand-back marker (never one inside an open code block). */
export function stripHandback(text: string): string {
  const match = HANDBACK.exec(text);
  if (!match) {
    return text;
  }
  const before = text.slice(0, match.index);
  if ((before.match(/```/g) ?? []).length % 2 === 1) {
    return text;
  }
  return before.trimEnd();
}

function argsOf(raw: string): { [key: string]: unknown } {
  try {
    const args = JSON.parse(raw);
    return args && typeof args === 'object' ? args : {};
  } catch {
    return {};
  }
}

/** A collapsed card for a dispatch or worker call: agent, state, task; open: the transcript. */
function dispatchCard(id: string, name: string, raw: string): HTMLElement {
  const args = argsOf(raw);
  const agent = name === 'run_worker' ? 'worker' : String(args.agent ?? '') || '?';
  const task = typeof args.task === 'string' ? args.task : '';
  const card = element('details', 'orkas-Tool orkas-Dispatch');
  card.dataset.team = '';
  card.dataset.callId = id;
  card.dataset.tool = name;
  card.dataset.agent = agent;
  const summary = element('summary', 'orkas-DispatchHead');
  const who = element('span', 'orkas-DispatchAgent');
  who.textContent = agent;
  const state = element('span', 'orkas-DispatchState');
  const what = element('span', 'orkas-DispatchTask');
  what.textContent = task;
  what.title = task;
  summary.append(who, state, what);
  const full = element('div', 'orkas-DispatchTaskFull');
  full.textContent = `${name === 'run_worker' ? 'Worker' : 'Task'}: ${task}`;
  card.append(summary, full, element('div', 'orkas-Transcript'));
  setState(card, 'running');
  return card;
}

function finishDispatch(card: HTMLElement, isError: boolean, summary: string): void {
  const stopped = isError && String(summary ?? '').startsWith(INTERRUPTED);
  setState(card, stopped ? 'stopped' : isError ? 'failed' : 'done');
  const transcript = card.querySelector('.orkas-Transcript') as HTMLElement;
  // A failure says why; a result the transcript does not hold is shown as the result.
  if (isError && !stopped || (!isError && !transcript.childElementCount && summary)) {
    const out = element('pre', 'orkas-ToolResult');
    out.textContent = summary;
    card.append(out);
  }
}

function setState(card: HTMLElement, state: string): void {
  card.dataset.state = state;
  card.classList.toggle('orkas-mod-error', state === 'failed');
  const label = card.querySelector('.orkas-DispatchState');
  if (label) {
    label.textContent = STATE_LABELS[state] ?? state;
  }
}

/** A tool card as the panel draws one; `agent` names the member that called it. */
function toolCard(id: string, name: string, raw: string, agent: string): HTMLElement {
  const card = element('details', 'orkas-Tool');
  card.dataset.team = '';
  card.dataset.callId = id;
  if (agent) {
    card.dataset.agent = agent;
  }
  const summary = element('summary', '');
  summary.textContent = `⚙ ${agent ? agent + ' · ' : ''}${name} running…`;
  const args = element('pre', 'orkas-ToolArgs');
  args.textContent = raw;
  card.append(summary, args);
  return card;
}

function finishTool(card: HTMLElement, name: string, isError: boolean, summary: string,
                    images: unknown): void {
  card.classList.toggle('orkas-mod-error', isError);
  const head = card.querySelector('summary');
  if (head) {
    const agent = card.dataset.agent;
    head.textContent = `${isError ? '✗' : '✓'} ${agent ? agent + ' · ' : ''}${name}`;
  }
  const out = element('pre', 'orkas-ToolResult');
  out.textContent = summary ?? '';
  card.append(out);
  for (const uri of Array.isArray(images) ? images : []) {
    const img = element('img', 'orkas-ToolImage') as HTMLImageElement;
    img.src = String(uri);
    card.append(img);
  }
}

/** Show a member's call on the approvals it asked for and nobody answered yet. */
function fillApprovals(list: HTMLElement, agent: string, tool: string, raw: string): void {
  list.querySelectorAll(`.orkas-Approval[data-agent="${CSS.escape(agent)}"]` +
                        `[data-tool="${CSS.escape(tool)}"]:not([data-decided])`)
    .forEach(box => {
      if (box.querySelector('.orkas-ApprovalArgs')) {
        return;
      }
      const args = element('pre', 'orkas-ApprovalArgs');
      args.textContent = prettyArguments(raw);
      box.querySelector('.orkas-ApprovalText')?.after(args);
    });
}

function prettyArguments(raw: string): string {
  const args = argsOf(raw);
  if (typeof args.command === 'string') {
    return args.command;
  }
  return Object.keys(args).length ? JSON.stringify(args, null, 2) : raw;
}

function floorNote(text: string): HTMLElement {
  const floor = element('div', 'orkas-Note orkas-Floor orkas-mod-info');
  floor.textContent = text;
  return floor;
}

function note(level: unknown, text: string): HTMLElement {
  const el = element('div', `orkas-Note orkas-mod-${String(level || 'info')}`);
  el.textContent = text;
  return el;
}

function element(tag: string, className: string): HTMLElement {
  const el = document.createElement(tag);
  if (className) {
    el.className = className;
  }
  return el;
}
